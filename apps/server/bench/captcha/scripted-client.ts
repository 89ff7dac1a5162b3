/*
 * What a scripted client achieves per minute against register and login (docs/security.md,
 * "Captcha, proof of work and login lockout"). The server runs in process on an embedded database
 * of its own with the production rate limits and proof of work; every captcha is read (the test
 * code stands for a reader, as the SVG's glyph paths were read 200 of 200); the client solves the
 * challenges with node:crypto in one thread, as a script would. Three runs of `--seconds` each:
 *
 *   register  new names from one address
 *   stuffing  one wrong password for each of many names, from one address
 *   one-name  wrong passwords for one account, from a new address whenever one is locked out
 *
 *   npx tsx apps/server/bench/captcha/scripted-client.ts [--seconds 60] [--tree <checkout>]
 *
 * `--tree` runs another checkout's server (its apps/server/src, e.g. the commit before the
 * step-up, extracted with `git archive`, sharing this checkout's node_modules) for the "before" row.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { serverErrors } from '@breakshot/contracts';
import type * as AppModule from '../../src/app.js';
import type * as DbModule from '../../src/platform/db.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const SECONDS = Number(arg('seconds') ?? 60);
const TREE = arg('tree');
const src = TREE ? resolve(TREE, 'apps/server/src') : resolve(import.meta.dirname, '../../src');
const CAPTCHA = '2468';
const PASSWORD = 'secret123';

interface Envelope {
  code: number;
  msg: string;
  data: Record<string, unknown> | null;
  /** The one-name run's mark: the password was checked. */
  checked?: boolean;
}

const { buildApp } = (await import(pathToFileURL(join(src, 'app.ts')).href)) as typeof AppModule;
const { openDatabase } = (await import(pathToFileURL(join(src, 'platform/db.ts')).href)) as typeof DbModule;

const dataDir = mkdtempSync(join(tmpdir(), 'breakshot-scripted-'));
const app: FastifyInstance = await buildApp({
  database: await openDatabase({ dataDir }),
  captchaTestCode: CAPTCHA,
  // The production step (a test code would make it small); the tree before the step-up ignores it.
  proofOfWork: { base: 1_000_000, freeAttempts: 3 },
  secretsKey: randomBytes(32),
});

async function post(path: string, body: object, ip: string): Promise<Envelope> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/v9${path}`,
    headers: { token: 'false' },
    payload: body,
    remoteAddress: ip,
  });
  return res.json();
}

let hashes = 0;
/** A register or login call with a captcha read, and when asked, a challenge solved here. */
async function attempt(path: '/register' | '/login', body: Record<string, string>, ip: string): Promise<Envelope> {
  const captcha = await post('/captcha/getCode', {}, ip);
  if (captcha.code !== 200) return captcha;
  const call = { ...body, captchaId: String(captcha.data?.captchaId), captchaCode: CAPTCHA };
  const first = await post(path, call, ip);
  if (first.data?.step !== 'pow') return first;
  const purpose = path === '/login' ? { purpose: 'login', username: body.username } : { purpose: 'register' };
  const challenge = await post('/captcha/challenge', purpose, ip);
  if (challenge.code !== 200) return challenge;
  const { challenge: text, hash, signature } = challenge.data as { challenge: string; hash: string; signature: string };
  let number = 0;
  while (createHash('sha256').update(`${text}${number}`).digest('hex') !== hash) number += 1;
  hashes += number + 1;
  return post(path, { ...call, pow: { challenge: text, number, signature } }, ip);
}

let names = 0;
const newName = () => `sc${process.pid % 1000}x${(names += 1)}`.slice(0, 16);
let addresses = 0;
const newIp = () => `198.18.${(addresses += 1) >> 8}.${addresses & 255}`;

const RATE_LIMITED = serverErrors.tooManyRequests['zh-CN'];

/**
 * Runs `step` for SECONDS; a rate limit's 429 waits out its retryAfter (as a script would, up to the end).
 * Returns what got through (`through` decides) per minute, and how long the solving took.
 */
async function run(what: string, step: () => Promise<Envelope>, through: (e: Envelope) => boolean) {
  const start = performance.now();
  const end = start + SECONDS * 1000;
  let count = 0;
  const answers: Record<string, number> = {};
  hashes = 0;
  while (performance.now() < end) {
    const answer = await step();
    const key = answer.code === 200 ? 'ok' : `${answer.code} ${answer.msg}`;
    answers[key] = (answers[key] ?? 0) + 1;
    if (through(answer)) count += 1;
    const retryAfter = answer.msg === RATE_LIMITED ? Number(answer.data?.retryAfter ?? 1) : 0;
    if (retryAfter > 0) await new Promise((r) => setTimeout(r, Math.min(retryAfter * 1000, end - performance.now())));
  }
  const minutes = (performance.now() - start) / 60_000;
  console.log(
    `${what}: ${(count / minutes).toFixed(1)} a minute (${count} in ${(minutes * 60).toFixed(0)} s); ` +
      `${hashes.toLocaleString('en')} hashes solved; answers ${JSON.stringify(answers)}`,
  );
}

const ip = newIp();
await run(
  'register, one address',
  () => attempt('/register', { username: newName(), password: PASSWORD }, ip),
  (e) => e.code === 200,
);

const stuffer = newIp();
await run(
  'login, one guess per name, one address',
  () => attempt('/login', { username: newName(), password: 'guess1234' }, stuffer),
  (e) => e.code === 400 && e.data === null,
);

const target = newName();
const owner = await attempt('/register', { username: target, password: PASSWORD }, newIp());
if (owner.code !== 200) throw new Error(`register failed: ${owner.msg}`);
let guesser = newIp();
let wrongHere = 0;
await run(
  'login, guesses at one account, a new address when locked out',
  async () => {
    const answer = await attempt('/login', { username: target, password: `guess${names++}x` }, guesser);
    if (answer.code === 400) wrongHere += 1;
    const locked = answer.code === 429 && /密码错误次数过多/.test(answer.msg);
    // The lock answers the guess that reached it (checked) and every one after it (not).
    const checked = answer.code === 400 || (locked && wrongHere === 4);
    if (locked) [guesser, wrongHere] = [newIp(), 0];
    return { ...answer, checked };
  },
  (e) => Boolean(e.checked),
);
const ownerLogin = await attempt('/login', { username: target, password: PASSWORD }, newIp());
console.log(`the owner, from another address, with the right password: ${ownerLogin.code} ${ownerLogin.msg}`);

await app.close();
rmSync(dataDir, { recursive: true, force: true });
