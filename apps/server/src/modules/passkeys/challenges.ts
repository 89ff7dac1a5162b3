import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { passkeys as contract } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { passkeyChallenges } from './tables.js';

type Purpose = (typeof passkeyChallenges.$inferSelect)['purpose'];

/**
 * Keeps a ceremony's challenge in the database, so whichever instance gets the answer finishes
 * it (platform/workers.ts); the expired ones go.
 */
export async function keepChallenge(
  db: Conn,
  challenge: string,
  purpose: Purpose,
  userId: number | null,
  now: Date,
): Promise<void> {
  await db.delete(passkeyChallenges).where(lte(passkeyChallenges.expiresAt, now));
  const expiresAt = new Date(now.getTime() + contract.PASSKEY_CHALLENGE_SECONDS * 1000);
  await db.insert(passkeyChallenges).values({ challenge, purpose, userId, expiresAt });
}

/**
 * Uses up a challenge issued for `purpose` (and, for a registration, to `userId`) that has not
 * expired: true when it was there. Deleted in the one statement, so an answer replayed, or
 * sent twice at once, finds it gone.
 */
export async function takeChallenge(
  db: Conn,
  challenge: string,
  purpose: Purpose,
  userId: number | null,
  now: Date,
): Promise<boolean> {
  const taken = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, userId),
        gt(passkeyChallenges.expiresAt, now),
      ),
    )
    .returning({ challenge: passkeyChallenges.challenge });
  return taken.length > 0;
}
