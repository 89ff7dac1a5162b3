import { z } from 'zod';
import { publicOf } from './signing.js';
import { parseSecretsKey } from './secret-box.js';
import { parseTrustProxy } from './trust-proxy.js';

/*
 * Every environment variable the server reads, as one zod schema: its type, default, range and
 * the rules between variables (production ones included). config.ts parses the environment with
 * it once and builds the ServerConfig; README.md's table describes each variable.
 */

/** A bad configuration: every bad variable, one per line, so that one start names them all. */
export class InvalidConfig extends Error {
  constructor(readonly problems: string[]) {
    super(`the configuration is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Unset and empty are the same: the variable's default. */
const text = z.preprocess((value) => (value === '' ? undefined : value), z.string().optional());

const orDefault = (fallback: string) => text.transform((value) => value ?? fallback);

/**
 * A variable `parse` turns into its value or refuses by throwing a message that names it;
 * unset: `fallback`.
 */
function parsed<T, F = undefined>(parse: (value: string) => T, fallback?: F) {
  return text.transform((value, ctx): T | F => {
    if (value === undefined) return fallback as F;
    try {
      return parse(value);
    } catch (err) {
      ctx.issues.push({ code: 'custom', message: err instanceof Error ? err.message : String(err), input: value });
      return z.NEVER;
    }
  });
}

/** A whole number of at least `min`. */
const wholeNumber = (name: string, min: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < min)
    throw new Error(`${name} must be a whole number${min > 0 ? ` of at least ${min}` : ' (0 or more)'}, not ${value}`);
  return n;
};

/** One of `values`; anything else is refused rather than guessed. */
const oneOf =
  <V extends string>(name: string, values: readonly V[], wording: string) =>
  (value: string): V => {
    if (!(values as readonly string[]).includes(value)) throw new Error(`${name} must be ${wording}, not ${value}`);
    return value as V;
  };

const portNumber = (value: string) => {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT is not a port: ${value}`);
  return port;
};

const positiveNumber = (value: string) => {
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`RATE_LIMIT_SCALE is not a positive number: ${value}`);
  return scale;
};

/** The VAPID subject (RFC 8292): how a push service reaches the site's operator. */
const pushContact = (value: string) => {
  if (!/^(?:mailto:[^@\s]+@[^@\s]+|https:\/\/\S+)$/.test(value))
    throw new Error('PUSH_CONTACT must be mailto:… or https://…');
  return value;
};

const redisUrl = (value: string) => {
  if (!/^rediss?:\/\//.test(value)) throw new Error('REDIS_URL must start with redis:// or rediss://');
  return value;
};

/** PEM, with \n escapes allowed (one line in an environment file). */
const privateKeyPem = (value: string) => {
  const pem = value.replace(/\\n/g, '\n');
  try {
    publicOf(pem);
  } catch {
    throw new Error('OPERATOR_WALLET_PRIVATE_KEY is not a PEM private key');
  }
  return pem;
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const SMS_PROVIDERS = ['outbox', 'http', 'off'] as const;

export const serverEnv = z
  .object({
    NODE_ENV: text,
    PORT: parsed(portNumber, 3000),
    HOST: orDefault('0.0.0.0'),
    DATABASE_URL: text,
    DATABASE_REPLICA_URL: text,
    DB_POOL_MAX: parsed(wholeNumber('DB_POOL_MAX', 1), 10),
    /** Server processes sharing the port (platform/workers.ts): one per core the machine gives the server. */
    SERVER_WORKERS: parsed(wholeNumber('SERVER_WORKERS', 1), 1),
    DB_STATEMENT_TIMEOUT_MS: parsed(wholeNumber('DB_STATEMENT_TIMEOUT_MS', 0), 30_000),
    /** Default ./data: dataDirOf (config.ts), which the operator CLI shares. */
    DATA_DIR: text,
    /** Where npm itself was run (npm sets it): DATA_DIR is relative to it. */
    INIT_CWD: text,
    CAPTCHA_TEST_CODE: text,
    TEST_CLOCK_FILE: text,
    WEB_DIST: text,
    ADMIN_DIST: text,
    VITE_API_BASE_URL: orDefault('/'),
    VITE_PAGE_TITLE: orDefault('Breakshot'),
    LOG_LEVEL: parsed(oneOf('LOG_LEVEL', LOG_LEVELS, LOG_LEVELS.join(', ')), 'info'),
    TRUST_PROXY: parsed(parseTrustProxy, false as const),
    ADMIN_TOKEN: text,
    DEMO: parsed(oneOf('DEMO', ['1', '0'], '1 or 0')),
    DEMO_PROVIDER_WALLET_URL: text,
    SANDBOX_PAY: text,
    SANDBOX_PAY_SECRET: text,
    SMS_PROVIDER: parsed(oneOf('SMS_PROVIDER', SMS_PROVIDERS, 'outbox, http or off')),
    SMS_HTTP_URL: text,
    SMS_HTTP_KEY: text,
    OPERATOR_WALLET_PRIVATE_KEY: parsed(privateKeyPem),
    SECRETS_KEY: parsed(parseSecretsKey),
    RATE_LIMIT_SCALE: parsed(positiveNumber, 1),
    REDIS_URL: parsed(redisUrl),
    PUSH_CONTACT: parsed(pushContact),
    PUSH_TEST_ENDPOINTS: parsed(oneOf('PUSH_TEST_ENDPOINTS', ['1', '0'], '1 or 0')),
    /** scripts/start.mjs in a terminal: the start ends with a plain block (start-summary.ts). */
    START_SUMMARY: text,
  })
  // Checked even when a variable above is bad, so that the error lists every problem at once.
  .superRefine(
    (env, ctx) => {
      const problem = (message: string) => ctx.addIssue({ code: 'custom', message });
      const production = env.NODE_ENV === 'production';
      if (production && env.CAPTCHA_TEST_CODE) problem('CAPTCHA_TEST_CODE must not be set when NODE_ENV=production');
      if (production && env.TEST_CLOCK_FILE) problem('TEST_CLOCK_FILE must not be set when NODE_ENV=production');
      if (env.SERVER_WORKERS > 1 && !env.DATABASE_URL)
        problem('SERVER_WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process');
      if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL)
        problem('DATABASE_REPLICA_URL needs DATABASE_URL: the embedded database has no replica');
      if (env.SMS_PROVIDER === 'http') {
        if (!env.SMS_HTTP_URL || !/^https?:\/\//.test(env.SMS_HTTP_URL))
          problem('SMS_PROVIDER=http needs SMS_HTTP_URL (http:// or https://)');
        if (!env.SMS_HTTP_KEY) problem('SMS_PROVIDER=http needs SMS_HTTP_KEY');
      }
    },
    { when: () => true },
  );

export type ServerEnv = z.output<typeof serverEnv>;

/** The environment parsed with serverEnv, or InvalidConfig listing every bad variable. */
export function parseServerEnv(env: NodeJS.ProcessEnv): ServerEnv {
  const result = serverEnv.safeParse(env);
  if (!result.success) throw new InvalidConfig(result.error.issues.map((issue) => issue.message));
  return result.data;
}
