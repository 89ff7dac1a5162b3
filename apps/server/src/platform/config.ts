import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { DEFAULT_PUSH_CONTACT, type PushSettings, type RateLimitSettings, type SmsSettings } from './context.js';
import { parseServerEnv, type ServerEnv } from './config-env.js';
import { FREE_ATTEMPTS } from './proof-of-work.js';
import { defaultRateLimits, scaleRateLimits } from './rate-limit.js';
import type { TrustProxy } from './trust-proxy.js';

/** Settings of the server process, read from the environment. */
export interface ServerConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** DATABASE_REPLICA_URL: a PostgreSQL replica the report reads may use (needs DATABASE_URL). */
  databaseReplicaUrl: string | undefined;
  /** DB_POOL_MAX (default 10): connections per pool and instance; PGlite has one. */
  dbPoolMax: number;
  /** SERVER_WORKERS (default 1): server processes sharing the port, each an instance (platform/workers.ts); needs DATABASE_URL above 1. */
  workers: number;
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
   * Demo mode (the demo team with its published passwords, the demo billiards feed, the demo games):
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
  /** SANDBOX_PAY_SECRET: HMAC secret of the sandbox gateway's callbacks; unset: one generated and kept, sealed. */
  sandboxPaySecret: string | undefined;
  /**
   * Web push (modules/push): PUSH_CONTACT, the VAPID subject (mailto: or https:); PUSH_TEST_ENDPOINTS=1
   * takes subscriptions to any http or https endpoint (tests, development), not only the known push
   * services' https ones.
   */
  push: PushSettings;
  /** DEMO_PROVIDER_WALLET_URL: where the demo provider calls the seamless wallet; unset: this server. */
  demoProviderWalletUrl: string | undefined;
  /** START_SUMMARY=1 (scripts/start.mjs on a terminal): the start ends with a plain block, not one log line. */
  startSummary: boolean;
}

/** apps/server, whether running from src or dist. */
const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));

/**
 * DATA_DIR (default ./data), relative to where the command was run: npm runs workspace scripts
 * in the workspace folder, and INIT_CWD is where npm itself was run.
 */
export const dataDirOf = (env: { INIT_CWD?: string | undefined; DATA_DIR?: string | undefined }) =>
  resolve(env.INIT_CWD || process.cwd(), env.DATA_DIR || 'data');

/** The ServerConfig of an environment; InvalidConfig (config-env.ts) lists every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const e = parseServerEnv(env);
  const production = e.NODE_ENV === 'production';
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL,
    dbPoolMax: e.DB_POOL_MAX,
    workers: e.SERVER_WORKERS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dataDir: dataDirOf(e),
    captchaTestCode: e.CAPTCHA_TEST_CODE,
    testClockFile: e.TEST_CLOCK_FILE,
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : resolve(SERVER_DIR, '../web/dist'),
    adminDist: e.ADMIN_DIST ? resolve(e.ADMIN_DIST) : resolve(SERVER_DIR, '../admin/dist'),
    runtimeConfig: { VITE_API_BASE_URL: e.VITE_API_BASE_URL, VITE_PAGE_TITLE: e.VITE_PAGE_TITLE },
    logLevel: e.LOG_LEVEL,
    production,
    trustProxy: e.TRUST_PROXY,
    adminToken: e.ADMIN_TOKEN,
    demo: e.DEMO ? e.DEMO === '1' : !production && !e.DATABASE_URL,
    sandboxPay: e.SANDBOX_PAY ? e.SANDBOX_PAY === '1' : !production,
    sandboxPaySecret: e.SANDBOX_PAY_SECRET,
    demoProviderWalletUrl: e.DEMO_PROVIDER_WALLET_URL,
    sms: smsSettings(e, production),
    operatorWalletKey: e.OPERATOR_WALLET_PRIVATE_KEY,
    secretsKey: e.SECRETS_KEY,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    rateLimits: scaleRateLimits(defaultRateLimits, e.RATE_LIMIT_SCALE),
    freeAttempts: Math.max(1, Math.ceil(FREE_ATTEMPTS * e.RATE_LIMIT_SCALE)),
    redisUrl: e.REDIS_URL,
    push: { contact: e.PUSH_CONTACT ?? DEFAULT_PUSH_CONTACT, testEndpoints: e.PUSH_TEST_ENDPOINTS === '1' },
    startSummary: e.START_SUMMARY === '1',
  };
}

/** SMS_PROVIDER, off by default in production; the schema checked that http has its URL and key. */
function smsSettings(e: ServerEnv, production: boolean): SmsSettings {
  const provider = e.SMS_PROVIDER ?? (production ? 'off' : 'outbox');
  if (provider !== 'http') return { provider };
  return { provider, url: e.SMS_HTTP_URL!, key: e.SMS_HTTP_KEY! };
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
      'DEMO=1 in production: the demo team logs in with published passwords (demoagent / demo1234) and holds operator credit; the demo billiards feed and demo games run',
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
  if (config.production && config.push.contact === DEFAULT_PUSH_CONTACT)
    warnings.push('PUSH_CONTACT is not set: web pushes name a placeholder contact, which a push service may refuse');
  if (config.production && config.push.testEndpoints)
    warnings.push(
      'PUSH_TEST_ENDPOINTS=1 in production: players may subscribe any address for this server to post pushes to',
    );
  if (config.testClockFile)
    warnings.push(`TEST_CLOCK_FILE is set: the clock runs ahead by what ${config.testClockFile} says`);
  if (config.captchaTestCode) warnings.push('CAPTCHA_TEST_CODE is set: every captcha answer is that code');
  return warnings;
}
