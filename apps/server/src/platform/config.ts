import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import type { RateLimitSettings, SmsSettings } from './context.js';
import { FREE_ATTEMPTS } from './proof-of-work.js';
import { defaultRateLimits, scaleRateLimits } from './rate-limit.js';
import { publicOf } from './signing.js';
import { parseSecretsKey } from './secret-box.js';
import { parseTrustProxy, type TrustProxy } from './trust-proxy.js';

/** Settings of the server process, read from the environment. */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** DATABASE_REPLICA_URL: a PostgreSQL replica the report reads may use (needs DATABASE_URL). */
  databaseReplicaUrl: string | undefined;
  /** DB_POOL_MAX (default 10): connections per pool and instance; PGlite has one. */
  dbPoolMax: number;
  /** DB_STATEMENT_TIMEOUT_MS (default 30000, 0: none): a statement running longer fails. Migrations have none. */
  dbStatementTimeoutMs: number;
  dataDir: string;
  captchaTestCode: string | undefined;
  /** Browser tests only: a file holding how many ms the clock runs ahead (platform/test-clock.ts). */
  testClockFile: string | undefined;
  webDist: string;
  /** The built operator console (ADMIN_DIST, default apps/admin/dist), served at /admin/. */
  adminDist: string;
  runtimeConfig: { VITE_API_BASE_URL: string; VITE_PAGE_TITLE: string };
  logLevel: string;
  /** NODE_ENV=production: demo mode, the sandbox gateway and the SMS outbox only when asked for. */
  production: boolean;
  /** TRUST_PROXY: how many proxies, or which addresses, are believed about the client's address. */
  trustProxy: TrustProxy;
  /** Operator token of /api/admin; unset: the server generates one into <dataDir>/admin-token. */
  adminToken: string | undefined;
  /**
   * Demo mode (the demo team with its published passwords, the match simulator, the demo games):
   * DEMO=1 or DEMO=0; unset, on with the embedded database outside production, off otherwise.
   */
  demo: boolean;
  /**
   * The built-in sandbox gateway (docs/design.md §8): on unless NODE_ENV=production; there only with an
   * explicit SANDBOX_PAY=1 (it credits balances without real money).
   */
  sandboxPay: boolean;
  /**
   * SMS codes (SMS_PROVIDER): `outbox` (default; the operator's SMS outbox holds every message)
   * unless NODE_ENV=production, where the outbox needs an explicit SMS_PROVIDER=outbox and the
   * default is off (no codes: no password recovery, no mobile binding; warned at start);
   * `http` posts each message to SMS_HTTP_URL with SMS_HTTP_KEY as its bearer token.
   */
  sms: SmsSettings;
  /** OPERATOR_WALLET_PRIVATE_KEY: PEM (\n escapes allowed) signing the seamless wallet's answers; unset: a stored key. */
  operatorWalletKey: string | undefined;
  /** SECRETS_KEY (32 bytes, hex or base64) sealing the secrets kept in the database; unset: <dataDir>/secrets.key. */
  secretsKey: Buffer | undefined;
  /** RATE_LIMIT_SCALE (a positive number, default 1): multiplies every request limit's allowance and freeAttempts. */
  rateLimitScale: number;
  /** The request limits, scaled. */
  rateLimits: RateLimitSettings;
  /** Registrations and failed logins a client makes before a proof of work (FREE_ATTEMPTS), scaled too. */
  freeAttempts: number;
  /** REDIS_URL (redis:// or rediss://): rate-limit counters shared by every instance; unset: each counts in memory. */
  redisUrl: string | undefined;
}

/** apps/server, whether running from src or dist. */
const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

/**
 * DATA_DIR (default ./data), relative to where the command was run: npm runs workspace scripts
 * in the workspace folder, and INIT_CWD is where npm itself was run.
 */
export const dataDirOf = (env: NodeJS.ProcessEnv) => resolve(env.INIT_CWD || process.cwd(), env.DATA_DIR || 'data');

export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const captchaTestCode = env.CAPTCHA_TEST_CODE || undefined;
  if (captchaTestCode && production) {
    throw new Error('CAPTCHA_TEST_CODE must not be set when NODE_ENV=production');
  }
  const testClockFile = env.TEST_CLOCK_FILE || undefined;
  if (testClockFile && production) {
    throw new Error('TEST_CLOCK_FILE must not be set when NODE_ENV=production');
  }
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT is not a port: ${env.PORT}`);
  const rateLimitScale = parseRateLimitScale(env.RATE_LIMIT_SCALE);
  if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL)
    throw new Error('DATABASE_REPLICA_URL needs DATABASE_URL: the embedded database has no replica');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL || undefined,
    dbPoolMax: wholeNumber('DB_POOL_MAX', env.DB_POOL_MAX, 10, 1),
    dbStatementTimeoutMs: wholeNumber('DB_STATEMENT_TIMEOUT_MS', env.DB_STATEMENT_TIMEOUT_MS, 30_000, 0),
    dataDir: dataDirOf(env),
    captchaTestCode,
    testClockFile,
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : resolve(SERVER_DIR, '../web/dist'),
    adminDist: env.ADMIN_DIST ? resolve(env.ADMIN_DIST) : resolve(SERVER_DIR, '../admin/dist'),
    runtimeConfig: {
      VITE_API_BASE_URL: env.VITE_API_BASE_URL || '/',
      VITE_PAGE_TITLE: env.VITE_PAGE_TITLE || 'Breakshot',
    },
    logLevel: env.LOG_LEVEL || 'info',
    production,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    adminToken: env.ADMIN_TOKEN || undefined,
    demo: parseDemo(env.DEMO, !production && !env.DATABASE_URL),
    sandboxPay: env.SANDBOX_PAY ? env.SANDBOX_PAY === '1' : !production,
    sms: smsSettings(env),
    operatorWalletKey: operatorWalletKey(env.OPERATOR_WALLET_PRIVATE_KEY),
    secretsKey: env.SECRETS_KEY ? parseSecretsKey(env.SECRETS_KEY) : undefined,
    rateLimitScale,
    rateLimits: scaleRateLimits(defaultRateLimits, rateLimitScale),
    freeAttempts: Math.max(1, Math.ceil(FREE_ATTEMPTS * rateLimitScale)),
    redisUrl: parseRedisUrl(env.REDIS_URL),
  };
}

/** A whole number of at least `min` from the environment variable `name`, or its default. */
function wholeNumber(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min)
    throw new Error(`${name} must be a whole number${min > 0 ? ` of at least ${min}` : ' (0 or more)'}, not ${value}`);
  return n;
}

/** DEMO: `1` on, `0` off, unset the default; anything else is refused rather than guessed. */
function parseDemo(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === '1' || value === '0') return value === '1';
  throw new Error(`DEMO must be 1 or 0, not ${value}`);
}

function parseRedisUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^rediss?:\/\//.test(value)) throw new Error('REDIS_URL must start with redis:// or rediss://');
  return value;
}

function parseRateLimitScale(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`RATE_LIMIT_SCALE is not a positive number: ${value}`);
  return scale;
}

function operatorWalletKey(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const pem = value.replace(/\\n/g, '\n');
  try {
    publicOf(pem);
  } catch {
    throw new Error('OPERATOR_WALLET_PRIVATE_KEY is not a PEM private key');
  }
  return pem;
}

function smsSettings(env: NodeJS.ProcessEnv): SmsSettings {
  const provider = env.SMS_PROVIDER || (env.NODE_ENV === 'production' ? 'off' : 'outbox');
  switch (provider) {
    case 'outbox':
    case 'off':
      return { provider };
    case 'http': {
      const url = env.SMS_HTTP_URL;
      const key = env.SMS_HTTP_KEY;
      if (!url || !/^https?:\/\//.test(url))
        throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL (http:// or https://)');
      if (!key) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_KEY');
      return { provider, url, key };
    }
    default:
      throw new Error(`SMS_PROVIDER must be outbox, http or off, not ${provider}`);
  }
}

/** What the operator must know about a configuration that is allowed but risky. */
export function startupWarnings(config: ServerConfig): string[] {
  const warnings: string[] = [];
  if (config.databaseUrl && !config.secretsKey)
    warnings.push(
      `SECRETS_KEY is unset: secrets are sealed with ${config.dataDir}/secrets.key; every instance on this database needs that same key, so set SECRETS_KEY`,
    );
  if (config.demo && config.production)
    warnings.push(
      'DEMO=1 in production: the demo team logs in with published passwords (demoagent / demo1234) and holds operator credit; the match simulator and demo games run',
    );
  if (config.sandboxPay && config.production) {
    warnings.push('SANDBOX_PAY=1 in production: the sandbox gateway credits balances without real money');
  }
  if (config.production && config.sms.provider === 'outbox') {
    warnings.push('SMS_PROVIDER=outbox in production: SMS codes are not sent, only kept in the operator outbox');
  }
  if (config.production && config.sms.provider === 'off') {
    warnings.push('SMS_PROVIDER is not set: no SMS codes are sent (no password recovery or mobile binding)');
  }
  if (config.production && config.rateLimitScale !== 1) {
    warnings.push(`RATE_LIMIT_SCALE=${config.rateLimitScale} in production: every request limit is multiplied by it`);
  }
  if (config.testClockFile)
    warnings.push(`TEST_CLOCK_FILE is set: the clock runs ahead by what ${config.testClockFile} says`);
  if (config.captchaTestCode) warnings.push('CAPTCHA_TEST_CODE is set: every captcha answer is that code');
  return warnings;
}
