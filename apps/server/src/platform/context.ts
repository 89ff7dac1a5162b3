import type { Database, Db } from './db.js';
import type { DomainEventBus } from './domain-events.js';
import type { LiveHub } from './live/hub.js';
import type { ProofOfWorkSettings } from './proof-of-work.js';
import type { SecretBox } from './secret-box.js';
import type { SessionUser } from './sessions.js';

/** argon2id cost; production uses the OWASP parameters, tests a cheaper set. */
export interface PasswordHashing {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface RateLimitSettings {
  windowMs: number;
  /** Per route and client IP (calls without a session). */
  perIp: number;
  /** Per route and username (login, register). */
  perUsername: number;
  /** Per route and session (every call that needs a session). */
  perSession: number;
}

/**
 * Where SMS codes go (config.ts: SMS_PROVIDER): `outbox` keeps them in the database for the
 * operator's outbox (development and demo), `http` posts them to a gateway, `off` sends none.
 */
export type SmsSettings =
  { provider: 'outbox' } | { provider: 'http'; url: string; key: string; timeoutMs?: number } | { provider: 'off' };

/** Web push (config.ts: PUSH_CONTACT, PUSH_TEST_ENDPOINTS). */
export interface PushSettings {
  /** The VAPID subject: mailto: or https:. */
  contact: string;
  /** Any http or https endpoint is taken, not only the known push services' (tests, development). */
  testEndpoints: boolean;
}

/** The VAPID subject when PUSH_CONTACT is unset. */
export const DEFAULT_PUSH_CONTACT = 'mailto:push@breakshot.invalid';

/** What modules need besides the request: the database, the clock, the live hub, settings. */
export interface AppContext {
  database: Database;
  db: Db;
  /** Report reads that tolerate a replica's lag (database.readDb); `db` without a replica. */
  readDb: Db;
  now: () => Date;
  live: LiveHub;
  /** Domain events on the transaction: who follows from what (src/subscribers.ts, docs/events.md). */
  events: DomainEventBus;
  captchaTestCode: string | undefined;
  passwordHashing: PasswordHashing;
  rateLimits: RateLimitSettings;
  /** The step-up of register and login (proof-of-work.ts; auth/step-up.ts decides when). */
  proofOfWork: ProofOfWorkSettings;
  /** Whether the sandbox payment adapter exists (demo and tests only; see config.ts). */
  sandboxPay: boolean;
  /** SANDBOX_PAY_SECRET (config.ts); unset: the secret generated once and kept in the database. */
  sandboxPaySecret: string | undefined;
  sms: SmsSettings;
  /** PEM private key signing the seamless wallet's answers (OPERATOR_WALLET_PRIVATE_KEY); unset: one stored in server_keys. */
  operatorWalletKey: string | undefined;
  /** Seals the secrets kept in the database (secret-box.ts). */
  secrets: SecretBox;
  push: PushSettings;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The session's user on calls whose contract has auth: true; null elsewhere. */
    user: SessionUser | null;
  }
}
