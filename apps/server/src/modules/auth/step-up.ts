import { and, count, eq, gt, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { auth } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, lockKey, type Conn, type Db, type Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { clientKey } from '../../platform/ip-key.js';
import { LOCK_WINDOW_MS } from '../../platform/failure-lockout.js';
import { powMax, spendSolution, type ProofOfWorkSettings } from '../../platform/proof-of-work.js';
import type { SecretBox } from '../../platform/secret-box.js';
import { consumeCaptcha } from '../captcha/service.js';
import { clientAttempts } from './tables.js';

/*
 * The step-up of register and login (docs/security.md). Besides the captcha, which every call
 * needs, a call must bring a solved proof of work when its client made FREE_ATTEMPTS or more
 * registrations and failed logins in the window (a burst), or when the account it logs in to saw
 * ATTACK_AT or more failed logins from anyone in the window (an attack). Each one beyond those
 * doubles the work, up to MAX_POW_LEVEL steps: the account's owner always gets in with the right
 * password and the step-up, and every guess costs whoever makes it more.
 */

/** Failed logins on an account in the window before every attempt on it needs a proof of work. */
export const ATTACK_AT = 3;

/** Advisory lock space of a client's attempts (players' accounts: 3401, operators' names: 3402). */
const CLIENT_LOCK = 3_403;

/** Who makes the call and what the step-up is checked with. */
export interface StepUp {
  /** The client's ipKey. */
  client: string;
  settings: ProofOfWorkSettings;
  secrets: SecretBox;
}

/** What a guarded call brings: its captcha and maybe a solved proof of work. */
/** A request's step-up: its client, the site's proof-of-work settings and the secrets. */
export const stepUpOf = (ctx: AppContext, req: FastifyRequest): StepUp => ({
  client: clientKey(req),
  settings: ctx.proofOfWork,
  secrets: ctx.secrets,
});

export interface GuardedInput {
  captchaId: string;
  captchaCode: string;
  pow?: auth.PowSolution | undefined;
}

/** Holds the client's lock until the transaction ends, so a burst is counted one call at a time. */
export async function serializeClient(tx: Tx, client: string): Promise<void> {
  await lockKey(tx, CLIENT_LOCK, client);
}

/** The client's registrations and failed logins within the window. */
export async function clientBurst(db: Conn, client: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - LOCK_WINDOW_MS);
  const [row] = await db
    .select({ n: count() })
    .from(clientAttempts)
    .where(and(eq(clientAttempts.client, client), gt(clientAttempts.at, since)));
  return row?.n ?? 0;
}

/** Counts a registration or a failed login of the client; its attempts older than the window go. */
export async function recordAttempt(db: Conn, client: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOCK_WINDOW_MS);
  await db.delete(clientAttempts).where(and(eq(clientAttempts.client, client), lte(clientAttempts.at, since)));
  await db.insert(clientAttempts).values({ client, at: now });
}

/** The least `max` of the proof of work a call needs after `burst` and the account's `failures`; null: none. */
export function powNeeded(settings: ProofOfWorkSettings, burst: number, failures = 0): number | null {
  const steps = [burst - settings.freeAttempts, failures - ATTACK_AT].filter((step) => step >= 0);
  return steps.length > 0 ? powMax(settings.base, Math.max(...steps)) : null;
}

/**
 * The proof of work (when `needed`) and then the captcha of a call, in the caller's transaction.
 * A missing, too small, forged or spent proof throws: nothing is written and the captcha stays
 * usable, so the app solves a challenge and sends the call again. A wrong captcha is returned, to
 * be thrown once the transaction has committed its use (and the proof's).
 */
export async function passStepUp(
  tx: Tx,
  stepUp: StepUp,
  input: GuardedInput,
  purpose: auth.PowPurpose,
  needed: number | null,
  now: Date,
): Promise<AppError | null> {
  if (needed !== null) await spendSolution(tx, stepUp.secrets, input.pow, purpose, needed, now);
  try {
    await consumeCaptcha(tx, input.captchaId, input.captchaCode, now);
    return null;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
}

/** Lets a registration through the step-up (throws its refusal) and counts it in the client's burst. */
export async function admitRegistration(db: Db, stepUp: StepUp, input: GuardedInput, now: Date): Promise<void> {
  const refusal = await inTransaction(db, async (tx) => {
    await serializeClient(tx, stepUp.client);
    const needed = powNeeded(stepUp.settings, await clientBurst(tx, stepUp.client, now));
    const refused = await passStepUp(tx, stepUp, input, 'register', needed, now);
    if (!refused) await recordAttempt(tx, stepUp.client, now);
    return refused;
  });
  if (refusal) throw refusal;
}
