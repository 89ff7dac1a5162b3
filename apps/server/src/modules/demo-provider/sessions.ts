import { and, eq, like, not } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { newCommitment, type Commitment } from '../../platform/fair.js';
import { PREFIX, sealInPlace, type SecretBox } from '../../platform/secret-box.js';
import { sha256 } from '../../platform/tokens.js';
import { demoSessions, type DemoSession } from './tables.js';

/*
 * Play sessions, one per launch token: each holds the server seed committed for its next round.
 * A round takes that seed and commits a fresh one in the same transaction, so every round's seed
 * was committed (its hash shown) before the round was drawn, and no seed serves twice. The seed
 * waiting here is stored sealed (secret-box.ts): a copy of the database predicts no round.
 */

export interface SessionKey {
  token: string;
  user: string;
  gameCode: string;
  currency: string;
}

const seedContext = (tokenHash: string) => `demo_sessions.server_seed:${tokenHash}`;

/** A fresh commitment for the session's next round, as the session stores it. */
function nextCommitment(secrets: SecretBox, tokenHash: string): Commitment {
  const { serverSeed, seedHash } = newCommitment();
  return { serverSeed: secrets.seal(serverSeed, seedContext(tokenHash)), seedHash };
}

/** The token's session, made with a first commitment when new. */
export async function openSession(db: Conn, secrets: SecretBox, key: SessionKey, now: Date): Promise<DemoSession> {
  const tokenHash = sha256(key.token);
  await db
    .insert(demoSessions)
    .values({
      tokenHash,
      userName: key.user,
      gameCode: key.gameCode,
      currency: key.currency,
      ...nextCommitment(secrets, tokenHash),
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
export async function claimSeed(
  tx: Tx,
  secrets: SecretBox,
  tokenHash: string,
  seedHash: string,
): Promise<ClaimedSeed | null> {
  const [session] = await tx.select().from(demoSessions).where(eq(demoSessions.tokenHash, tokenHash)).for('update');
  if (!session || session.seedHash !== seedHash) return null;
  await tx
    .update(demoSessions)
    .set({ ...nextCommitment(secrets, tokenHash), nonce: session.nonce + 1 })
    .where(eq(demoSessions.tokenHash, tokenHash));
  return {
    serverSeed: secrets.open(session.serverSeed, seedContext(tokenHash)),
    seedHash: session.seedHash,
    nonce: session.nonce,
  };
}

/**
 * Run at start: seals the sessions' seeds (each still to be played) stored before seeds were
 * sealed, and opens one sealed seed, so a wrong key stops the start (SecretsKeyMismatch). Sessions
 * pile up, one a launch: the sealed ones are not read whole at every start.
 */
export async function sealSessionSeeds(ctx: Pick<AppContext, 'db' | 'secrets'>): Promise<void> {
  const columns = { tokenHash: demoSessions.tokenHash, serverSeed: demoSessions.serverSeed };
  const sealed = like(demoSessions.serverSeed, `${PREFIX}%`);
  const rows = [
    ...(await ctx.db.select(columns).from(demoSessions).where(not(sealed))),
    ...(await ctx.db.select(columns).from(demoSessions).where(sealed).limit(1)),
  ];
  await sealInPlace(ctx.secrets, rows, {
    value: (row) => row.serverSeed,
    context: (row) => seedContext(row.tokenHash),
    store: (row, serverSeed) =>
      ctx.db
        .update(demoSessions)
        .set({ serverSeed })
        .where(and(eq(demoSessions.tokenHash, row.tokenHash), eq(demoSessions.serverSeed, row.serverSeed))),
  });
}
