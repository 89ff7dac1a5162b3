import { createInterface } from 'node:readline';
import pino from 'pino';
import { settlePeriod } from '../../src/modules/agents/settlement/settle.js';
import type { SettlementKind } from '../../src/modules/agents/report-tables.js';
import type { AppContext } from '../../src/platform/context.js';
import { openDatabase, pingDatabase } from '../../src/platform/db.js';
import { LiveHub } from '../../src/platform/live/hub.js';
import { OWASP_ARGON2 } from '../../src/platform/password.js';
import { defaultRateLimits } from '../../src/platform/rate-limit.js';
import { secretBox } from '../../src/platform/secret-box.js';

/*
 * One more server instance for the settlement test: its own process and pool on DATABASE_URL.
 * Args: kind:period pairs. Prints "ready" once connected, settles every period at once when a
 * line arrives on stdin, prints the results as JSON and exits.
 */

const database = await openDatabase({ url: process.env.DATABASE_URL });
const now = () => new Date();
const ctx: AppContext = {
  database,
  db: database.db,
  now,
  live: new LiveHub(database, pino({ level: 'silent' }), now),
  captchaTestCode: undefined,
  passwordHashing: OWASP_ARGON2,
  rateLimits: defaultRateLimits,
  sandboxPay: false,
  sms: { provider: 'off' },
  operatorWalletKey: undefined,
  // test-app.ts's key (its module needs the vitest runner; settlement seals nothing anyway).
  secrets: secretBox(Buffer.alloc(32, 7)),
};
const periods = process.argv.slice(2).map((arg) => arg.split(':') as [SettlementKind, string]);
// A query first: the pool's connection is open before the race starts.
await pingDatabase(database.db);
console.log('ready');
const input = createInterface({ input: process.stdin });
await new Promise((resolve) => input.once('line', resolve));
input.close();
const results = await Promise.all(periods.map(([kind, period]) => settlePeriod(ctx, kind, period, now())));
console.log(JSON.stringify(results));
await database.close();
