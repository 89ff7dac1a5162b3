import { and, eq, inArray, lt } from 'drizzle-orm';
import { isLiteral, type Conn, type Tx } from '../../platform/db.js';
import { demoRounds, type DemoRound, type PendingCall, type RoundState } from './tables.js';

/* The provider's rounds as they move: each step a compare-and-set from the state it expects. */

export type NewRound = Omit<DemoRound, 'createdAt' | 'updatedAt' | 'stake' | 'payout' | 'betUuid' | 'walletStatus'> &
  Partial<Pick<DemoRound, 'stake' | 'payout' | 'betUuid'>>;

export async function insertRound(tx: Tx, round: NewRound, now: Date): Promise<DemoRound> {
  const [row] = await tx
    .insert(demoRounds)
    .values({ ...round, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}

export async function roundById(db: Conn, id: string): Promise<DemoRound | undefined> {
  const [row] = await db.select().from(demoRounds).where(eq(demoRounds.id, id));
  return row;
}

/**
 * The insurance hand of the session in play: waiting for the player's choice (dealt), or with its
 * premium's bet out (betting; a refusal deals it back).
 */
export async function handInPlay(db: Conn, tokenHash: string): Promise<DemoRound | undefined> {
  const [row] = await db
    .select()
    .from(demoRounds)
    .where(and(eq(demoRounds.tokenHash, tokenHash), inArray(demoRounds.state, ['dealt', 'betting'])));
  return row;
}

/** Moves the round from `from` to the changes' state; the row after, or undefined when it was not in `from`. */
export async function moveRound(
  db: Conn,
  id: string,
  from: RoundState,
  changes: Partial<Pick<DemoRound, 'state' | 'stake' | 'payout' | 'betUuid' | 'walletStatus' | 'pending'>>,
  now: Date,
): Promise<DemoRound | undefined> {
  const [row] = await db
    .update(demoRounds)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(demoRounds.id, id), eq(demoRounds.state, from)))
    .returning();
  return row;
}

/** The state a round reaches once its pending call got a final answer. */
export const deliveredState = (pending: PendingCall): RoundState =>
  pending.call === 'transaction/win' ? 'settled' : 'rolled_back';

/**
 * Rounds whose win or rollback is still to deliver. Bets left betting since before `staleBefore`
 * (their answer never came: the process stopped) are switched to rolling back first.
 */
export async function undeliveredRounds(db: Conn, staleBefore: Date, now: Date): Promise<DemoRound[]> {
  await db
    .update(demoRounds)
    .set({ state: 'rolling_back', updatedAt: now })
    .where(and(isLiteral(demoRounds.state, 'betting'), lt(demoRounds.updatedAt, staleBefore)));
  return db
    .select()
    .from(demoRounds)
    .where(isLiteral(demoRounds.state, 'settling', 'rolling_back'));
}

/** The rounds whose bet is out: its answer may still come, or never (the process that sent it stopped). */
export async function roundIdsBetting(db: Conn): Promise<string[]> {
  const rows = await db.select({ id: demoRounds.id }).from(demoRounds).where(isLiteral(demoRounds.state, 'betting'));
  return rows.map((r) => r.id);
}

/** Switches these rounds, those still betting, to rolling back: their bet's answer will not come. The rows switched. */
export async function abandonBets(db: Conn, ids: string[], now: Date): Promise<DemoRound[]> {
  if (ids.length === 0) return [];
  return db
    .update(demoRounds)
    .set({ state: 'rolling_back', updatedAt: now })
    .where(and(inArray(demoRounds.id, ids), isLiteral(demoRounds.state, 'betting')))
    .returning();
}
