import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from './password.js';

/*
 * A password typed again and again — an agent's recharge password, asked on every transfer — is
 * checked against its argon2 hash the first time only: once argon2 accepts it, the same password
 * against the same stored hash is accepted for RECALL_MS from an HMAC of it kept in this process's
 * memory (microseconds, not argon2's tens of milliseconds of a core). Only a right password is
 * remembered, so every wrong guess still costs argon2 (and its caller's failure count). A changed
 * password is another stored hash (a new salt), which nothing remembered matches. The HMAC key is
 * made at start and never leaves the process; what is remembered is lost with it
 * (docs/design.md §7).
 */

/** How long a right password is remembered after argon2 accepted it. */
export const RECALL_MS = 10 * 60_000;
/** Stored hashes remembered at most (the oldest goes first). */
const MAX_REMEMBERED = 10_000;

const key = randomBytes(32);
/** The HMAC of the accepted password and until when it counts, by stored hash. */
const accepted = new Map<string, { mac: Buffer; until: number }>();

const macOf = (password: string) => createHmac('sha256', key).update(password, 'utf8').digest();

/** verifyPassword, answered from memory for a password argon2 accepted against `storedHash` within RECALL_MS. */
export async function verifyRecalledPassword(storedHash: string, password: string, now = Date.now()): Promise<boolean> {
  const mac = macOf(password);
  const known = accepted.get(storedHash);
  if (known && known.until > now && timingSafeEqual(known.mac, mac)) return true;
  if (!(await verifyPassword(storedHash, password))) return false;
  accepted.delete(storedHash);
  accepted.set(storedHash, { mac, until: now + RECALL_MS });
  if (accepted.size > MAX_REMEMBERED) accepted.delete(accepted.keys().next().value!);
  return true;
}
