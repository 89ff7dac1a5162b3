import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { lt } from 'drizzle-orm';
import { ErrorCode, type auth, type ServerErrorKey } from '@breakshot/contracts';
import type { Tx } from './db.js';
import { AppError } from './errors.js';
import type { SecretBox } from './secret-box.js';
import { powSpent } from './tables.js';
import { sha256 } from './tokens.js';

/*
 * Proof of work (captcha/challenge, docs/security.md): the server draws a secret number below
 * `max`, gives out the SHA-256 of the challenge followed by it, and signs both (HMAC under a key
 * derived from the secrets key, so every instance checks what any issued); the client finds the
 * number by trying them in turn, max / 2 hashes on average. The challenge names its purpose,
 * size and expiry, so nothing is stored until it is used; a used one is kept until it expires.
 */

export type PowPurpose = auth.PowPurpose;
export type PowSolution = auth.PowSolution;

export interface ProofOfWorkSettings {
  /** `max` of the first step: about a second of a phone's browser (the app hashes in a worker). */
  base: number;
  /** Registrations and failed logins a client makes in the window before the first step. */
  freeAttempts: number;
}

/** 1e6: 0.3 s on average in desktop Chromium (1.7 M hashes/s in the app's worker), about 1 s on a phone. */
export const POW_BASE = 1_000_000;
/** With CAPTCHA_TEST_CODE (never in production): a step costs the browser tests nothing. */
export const TEST_POW_BASE = 1_000;
export const FREE_ATTEMPTS = 3;
/** Each step doubles the work, up to 2^5 = 32 × the first (about half a minute on a phone). */
export const MAX_POW_LEVEL = 5;
export const POW_TTL_MS = 5 * 60 * 1000;

const MAC_CONTEXT = 'pow-challenge';
const CHALLENGE = /^(login|register)\.(\d{1,12})\.(\d{13})\.([A-Za-z0-9_-]{16})$/;

/** `max` of a step: the first step's doubled `level` times (at most MAX_POW_LEVEL). */
export const powMax = (base: number, level: number) => base * 2 ** Math.min(level, MAX_POW_LEVEL);

/** A new challenge of `max` for a call of `purpose`. */
export function issueChallenge(secrets: SecretBox, purpose: PowPurpose, max: number, now: Date) {
  const expiresAt = new Date(now.getTime() + POW_TTL_MS);
  const challenge = `${purpose}.${max}.${expiresAt.getTime()}.${randomBytes(12).toString('base64url')}`;
  const hash = sha256(`${challenge}${randomInt(max)}`);
  const signature = secrets.mac(`${challenge}:${hash}`, MAC_CONTEXT);
  return { challenge, hash, max, signature, expiresAt: expiresAt.toISOString() };
}

const refusal = (key: Extract<ServerErrorKey, `pow${string}`>) =>
  new AppError(ErrorCode.FORBIDDEN, key, undefined, { step: 'pow' });

/**
 * Uses up a solution brought to a call of `purpose` that needs at least `needed`, in the caller's
 * transaction; throws (403, data.step 'pow') when there is none (powRequired), it is forged, for
 * another purpose or not solved (powInvalid), smaller than needed now (powRequired), or expired or
 * used already (powExpired).
 */
export async function spendSolution(
  tx: Tx,
  secrets: SecretBox,
  solution: PowSolution | undefined,
  purpose: PowPurpose,
  needed: number,
  now: Date,
): Promise<void> {
  if (!solution) throw refusal('powRequired');
  const parts = CHALLENGE.exec(solution.challenge);
  const hash = sha256(`${solution.challenge}${solution.number}`);
  if (
    !parts ||
    parts[1] !== purpose ||
    !sameMac(secrets.mac(`${solution.challenge}:${hash}`, MAC_CONTEXT), solution.signature)
  )
    throw refusal('powInvalid');
  if (Number(parts[2]) < needed) throw refusal('powRequired');
  const expiresAt = new Date(Number(parts[3]));
  if (expiresAt <= now) throw refusal('powExpired');
  await tx.delete(powSpent).where(lt(powSpent.expiresAt, now));
  const [fresh] = await tx
    .insert(powSpent)
    .values({ id: parts[4]!, expiresAt })
    .onConflictDoNothing()
    .returning({ id: powSpent.id });
  if (!fresh) throw refusal('powExpired');
}

function sameMac(expected: string, given: string): boolean {
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
