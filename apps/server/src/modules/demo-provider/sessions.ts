import { eq } from 'drizzle-orm';
import type { Conn, Tx } from '../../platform/db.js';
import { newCommitment } from '../../platform/fair.js';
import { sha256 } from '../../platform/tokens.js';
import { demoSessions, type DemoSession } from './tables.js';

/*
 * Play sessions, one per launch token: each holds the server seed committed for its next round.
 * A round takes that seed and commits a fresh one in the same transaction, so every round's seed
 * was committed (its hash shown) before the round was drawn, and no seed serves twice.
 */

export interface SessionKey {
  token: string;
  user: string;
  gameCode: string;
  currency: string;
}

/** The token's session, made with a first commitment when new. */
export async function openSession(db: Conn, key: SessionKey, now: Date): Promise<DemoSession> {
  const tokenHash = sha256(key.token);
  await db
    .insert(demoSessions)
    .values({
      tokenHash,
      userName: key.user,
      gameCode: key.gameCode,
      currency: key.currency,
      ...newCommitment(),
      createdAt: now,
    })
    .onConflictDoNothing();
  return (await sessionOf(db, key.token))!;
}

export async function sessionOf(db: Conn, token: string): Promise<DemoSession | undefined> {
  const [row] = await db
    .select()
    .from(demoSessions)
    .where(eq(demoSessions.tokenHash, sha256(token)));
  return row;
}

export interface ClaimedSeed {
  serverSeed: string;
  seedHash: string;
  nonce: number;
}

/**
 * Takes the session's committed seed for a round, if it is still the one the player was shown
 * (`seedHash`), and commits the next; null when another round took it first.
 */
export async function claimSeed(tx: Tx, tokenHash: string, seedHash: string): Promise<ClaimedSeed | null> {
  const [session] = await tx.select().from(demoSessions).where(eq(demoSessions.tokenHash, tokenHash)).for('update');
  if (!session || session.seedHash !== seedHash) return null;
  await tx
    .update(demoSessions)
    .set({ ...newCommitment(), nonce: session.nonce + 1 })
    .where(eq(demoSessions.tokenHash, tokenHash));
  return { serverSeed: session.serverSeed, seedHash: session.seedHash, nonce: session.nonce };
}
