import pino from 'pino';
import { DEFAULT_PUSH_CONTACT, type AppContext } from './context.js';
import type { Database } from './db.js';
import type { DomainEventBus } from './domain-events.js';
import { LiveHub } from './live/hub.js';
import { OWASP_ARGON2 } from './password.js';
import { FREE_ATTEMPTS, POW_BASE } from './proof-of-work.js';
import { defaultRateLimits } from './rate-limit.js';
import type { SecretBox } from './secret-box.js';

/**
 * The context of an instance that runs the services without serving HTTP (the writer of the live
 * benchmark, the job and settlement processes of the many-instance tests): no captcha, SMS or
 * sandbox gateway, and a live hub of its own that publishes through NOTIFY like any instance's.
 * `events`: the server's subscribers (src/subscribers.ts domainEventBus), which platform/ cannot import.
 */
export function instanceContext(
  database: Database,
  now: () => Date,
  secrets: SecretBox,
  events: DomainEventBus,
): AppContext {
  return {
    database,
    db: database.db,
    readDb: database.readDb,
    now,
    live: new LiveHub(database, pino({ level: 'silent' }), now),
    events,
    captchaTestCode: undefined,
    passwordHashing: OWASP_ARGON2,
    rateLimits: defaultRateLimits,
    proofOfWork: { base: POW_BASE, freeAttempts: FREE_ATTEMPTS },
    sandboxPay: false,
    sandboxPaySecret: undefined,
    sms: { provider: 'off' },
    operatorWalletKey: undefined,
    secrets,
    push: { contact: DEFAULT_PUSH_CONTACT, testEndpoints: false },
  };
}
