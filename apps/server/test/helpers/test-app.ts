import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { z } from 'zod';
import { API_PREFIX, auth, type CallContract } from '@breakshot/contracts';
import { buildApp, type BuildAppOptions } from '../../src/app.js';
import type { Database, Db } from '../../src/platform/db.js';
import { freshDatabase } from './test-db.js';

export const TEST_CAPTCHA = 'T3ST';

/** The sealing key of test apps: instances sharing a database share it, as in production. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 7);

/** Cheap argon2id for tests; production keeps the OWASP cost. */
export const FAST_HASHING = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: TestClock;
  close(): Promise<void>;
}

/** A test clock that stands still until advanced. */
export function testClock(start = new Date()): TestClock {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms) => void (current += ms) };
}

/**
 * An app with the tests' settings (a movable clock, a known captcha answer, small proofs of work,
 * loose rate limits and burst allowance) on a fresh database of this run, dropped on close.
 */
export async function startTestApp(options: Partial<Omit<BuildAppOptions, 'database'>> = {}): Promise<TestApp> {
  const fresh = await freshDatabase();
  const t = await startAppOn(await fresh.open(), options);
  return {
    ...t,
    close: async () => {
      await t.close();
      await fresh.drop();
    },
  };
}

/** An app with the tests' settings on `database`, which the caller keeps (close closes the app only). */
export async function startAppOn(
  database: Database,
  options: Partial<Omit<BuildAppOptions, 'database'>> = {},
): Promise<TestApp> {
  const clock = testClock();
  const app = await buildApp({
    database,
    now: clock.now,
    captchaTestCode: TEST_CAPTCHA,
    passwordHashing: FAST_HASHING,
    rateLimits: { perIp: 10_000, perUsername: 10_000, perSession: 10_000 },
    // Tests register many players from one address; step-up tests set FREE_ATTEMPTS.
    proofOfWork: { freeAttempts: 10_000 },
    sandboxPay: true,
    secretsKey: TEST_SECRETS_KEY,
    // Configured, as OPERATOR_WALLET_PRIVATE_KEY would; `operatorWalletKey: undefined` tests the stored one.
    operatorWalletKey: inject('walletKey'),
    ...options,
  });
  return { app, db: app.ctx.db, clock, close: () => app.close() };
}

export interface CallResult<C extends CallContract> {
  code: number;
  msg: string;
  data: (z.output<C['response']> extends { data: infer D } ? D : never) & Record<string, unknown>;
}

/** Calls a contract through inject() and returns its envelope. */
export async function call<C extends CallContract>(
  app: FastifyInstance,
  contract: C,
  body: unknown = {},
  options: { token?: string; lang?: string; ip?: string; device?: string } = {},
): Promise<CallResult<C>> {
  const headers: Record<string, string> = { token: options.token ?? 'false' };
  if (options.lang) headers['accept-language'] = options.lang;
  if (options.device) headers['x-device-id'] = options.device;
  const isGet = contract.method === 'GET';
  const res = await app.inject({
    method: contract.method,
    url: API_PREFIX + contract.path,
    headers,
    ...(isGet ? {} : { payload: body as object }),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${res.body}`);
  return res.json();
}

/** A new captcha's id (its answer is TEST_CAPTCHA). */
export async function captchaId(app: FastifyInstance): Promise<string> {
  const res = await call(app, auth.captchaGetCode);
  return res.data.captchaId;
}

/**
 * Solves a captcha/challenge as the app's worker does: the number below `max` whose SHA-256 with
 * the challenge before it is `hash`.
 */
export function solvePow(c: { challenge: string; hash: string; max: number; signature: string }): auth.PowSolution {
  for (let number = 0; number < c.max; number += 1) {
    if (createHash('sha256').update(`${c.challenge}${number}`).digest('hex') === c.hash) {
      return { challenge: c.challenge, number, signature: c.signature };
    }
  }
  throw new Error('challenge without a solution');
}

/** A solved challenge for the next `purpose` call of the client at `ip` (the login's `username`). */
export async function solvedPow(
  app: FastifyInstance,
  purpose: auth.PowPurpose,
  options: { username?: string; ip?: string } = {},
): Promise<auth.PowSolution> {
  const body = options.username ? { purpose, username: options.username } : { purpose };
  const res = await call(app, auth.captchaChallenge, body, options.ip ? { ip: options.ip } : {});
  if (res.code !== 200) throw new Error(`challenge refused: ${res.msg}`);
  return solvePow(res.data);
}

let counter = 0;
/** A username no other test of this process uses. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${process.pid}x${counter}`.slice(0, 16);
}

export const PASSWORD = 'secret123';

/** Registers a user and returns the session token. */
export async function registerUser(app: FastifyInstance, username = uniqueName(), extra: object = {}): Promise<string> {
  const res = await call(app, auth.register, {
    username,
    password: PASSWORD,
    captchaId: await captchaId(app),
    captchaCode: TEST_CAPTCHA,
    ...extra,
  });
  if (res.code !== 200) throw new Error(`register failed: ${res.msg}`);
  return res.data.token;
}
