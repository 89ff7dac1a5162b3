import { readFileSync } from 'node:fs';
import { openDatabase } from '../src/platform/db.js';
import { buildApp } from '../src/app.js';
import { newKeyPair } from '../src/platform/signing.js';
const blob = new Blob([readFileSync('/tmp/dump.tar')]);
const key = newKeyPair().privatePem;
for (let i = 0; i < 6; i++) {
  let t = performance.now();
  const database = await openDatabase({ fromDump: blob });
  const t1 = performance.now();
  const app = await buildApp({ database, captchaTestCode: 'T3ST', passwordHashing: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, sandboxPay: true, secretsKey: Buffer.alloc(32, 7), operatorWalletKey: key, scheduler: false } as never);
  const t2 = performance.now();
  await app.ready();
  const t3 = performance.now();
  await app.close();
  console.log('open', Math.round(t1 - t), 'build', Math.round(t2 - t1), 'ready', Math.round(t3 - t2), 'close', Math.round(performance.now() - t3));
}
