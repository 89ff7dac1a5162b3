import { eq, inArray, sql } from 'drizzle-orm';
import type { Conn, Tx } from '../../platform/db.js';
import { preparedStatement } from '../../platform/prepared.js';
import { turnoverBalances, turnoverEvents, type TurnoverEventSource, type TurnoverSource } from './tables.js';

export type { TurnoverSource };

export interface TurnoverReference {
  table: string;
  id: string | number;
}

export interface Turnover {
  required: number;
  done: number;
  left: number;
}

/** Turnover a player must bet before withdrawing, and what it is for. */
export interface TurnoverRequirement {
  userId: number;
  /** The turnover itself (the caller has applied its multiple). */
  amount: number;
  source: TurnoverSource;
  reference: TurnoverReference;
}

/**
 * Adds turnover the player must bet before withdrawing. Call it in the transaction that credits
 * the money; a second call for the same source and reference changes nothing.
 */
export const addTurnoverRequirement = (tx: Tx, req: TurnoverRequirement) => addTurnoverRequirements(tx, [req]);

/** addTurnoverRequirement of many (a batch of credits), in one statement. */
export async function addTurnoverRequirements(tx: Tx, reqs: TurnoverRequirement[]): Promise<void> {
  if (reqs.length === 0) return;
  const rows = reqs.map(({ userId, amount, source, reference }) => {
    assertAmount(amount);
    return { user_id: userId, amount, source, ref_table: reference.table, ref_id: String(reference.id) };
  });
  await addRequirements(tx, { rows: JSON.stringify(rows) });
}

/**
 * addTurnoverRequirements' one statement: each event once per (kind, source, reference); a
 * player's new ones above zero summed, and their requirement grows by it, or starts over where
 * the last cycle was met (as adding them one by one would).
 */
const addRequirements = preparedStatement(
  'turnover_add_requirements',
  sql`WITH recorded AS (
        INSERT INTO turnover_events (user_id, kind, source, amount, reference_table, reference_id)
        SELECT r.user_id, 'add', r.source, r.amount, r.ref_table, r.ref_id
        FROM jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
          AS r(user_id bigint, amount bigint, source text, ref_table text, ref_id text)
        ON CONFLICT DO NOTHING
        RETURNING user_id, amount)
      INSERT INTO turnover_balances AS t (user_id, required, done, updated_at)
      SELECT user_id, sum(amount), 0, now() FROM recorded WHERE amount > 0 GROUP BY user_id ORDER BY user_id
      ON CONFLICT (user_id) DO UPDATE SET
        required = CASE WHEN t.done >= t.required THEN excluded.required ELSE t.required + excluded.required END,
        done = CASE WHEN t.done >= t.required THEN 0 ELSE t.done END,
        updated_at = now()`,
);

/** A settled bet's valid bet, to count towards its player's requirement. */
export interface TurnoverReduction {
  userId: number;
  validBet: number;
  /** How many settled bets `validBet` sums (a player's bets settled together, named by the first); 1 if not given. */
  bets?: number;
  reference: TurnoverReference;
}

/**
 * Counts valid bets towards their players' current requirements (never past them), in one
 * statement however many. Call it in the transaction that settles the bets; a reference counted
 * before changes nothing.
 */
export async function reduceTurnoverAll(tx: Tx, reductions: TurnoverReduction[]): Promise<void> {
  if (reductions.length === 0) return;
  for (const r of reductions) assertAmount(r.validBet);
  const rows = reductions.map((r) => ({
    user_id: r.userId,
    amount: r.validBet,
    bets: r.bets ?? 1,
    ref_table: r.reference.table,
    ref_id: String(r.reference.id),
  }));
  await reduceRequirements(tx, { rows: JSON.stringify(rows) });
}

/** reduceTurnoverAll of one bet. */
export const reduceTurnover = (tx: Tx, reduction: TurnoverReduction) => reduceTurnoverAll(tx, [reduction]);

/**
 * reduceTurnoverAll's statement: each event once per reference; each player's new ones summed and
 * counted at once (counting one by one, each capped at the requirement, comes to the same), the
 * players' rows taken in id order.
 */
const reduceRequirements = preparedStatement(
  'turnover_reduce_requirements',
  sql`WITH recorded AS (
        INSERT INTO turnover_events (user_id, kind, source, amount, bets, reference_table, reference_id)
        SELECT r.user_id, 'reduce', 'bet', r.amount, r.bets, r.ref_table, r.ref_id
        FROM jsonb_to_recordset(${sql.placeholder('rows')}::jsonb)
          AS r(user_id bigint, amount bigint, bets int, ref_table text, ref_id text)
        ORDER BY r.user_id
        ON CONFLICT DO NOTHING
        RETURNING user_id, amount),
      sums AS (SELECT user_id, sum(amount) AS amount FROM recorded GROUP BY user_id HAVING sum(amount) > 0),
      locked AS (
        SELECT t.user_id, s.amount FROM turnover_balances t JOIN sums s USING (user_id)
        ORDER BY t.user_id FOR NO KEY UPDATE OF t)
      UPDATE turnover_balances t
      SET done = least(t.required, t.done + l.amount), updated_at = now()
      FROM locked l WHERE t.user_id = l.user_id`,
);

/**
 * The operator clears what is left of the player's requirement (清除流水), e.g. after a manual
 * review. Returns the amount waived; a second call for the same reference changes nothing.
 */
export async function waiveTurnover(tx: Tx, req: { userId: number; reference: TurnoverReference }): Promise<number> {
  // Locked: a bet settling or a deposit adding turnover meanwhile waits, so `left` is what is waived.
  const { left } = await getTurnover(tx, req.userId, true);
  if (!(await recordOnce(tx, req.userId, 'reduce', 'waive', left, req.reference))) return 0;
  if (left === 0) return 0;
  await tx
    .update(turnoverBalances)
    .set({ done: turnoverBalances.required, updatedAt: sql`now()` })
    .where(eq(turnoverBalances.userId, req.userId));
  return left;
}

/** The player's turnover; `lock` takes their row for update (in a transaction). */
export async function getTurnover(db: Conn, userId: number, lock = false): Promise<Turnover> {
  const query = db.select().from(turnoverBalances).where(eq(turnoverBalances.userId, userId));
  // execute(): sent when called (platform/db.ts, together()).
  const [row] = await (lock ? query.for('update') : query).execute();
  if (!row) return { required: 0, done: 0, left: 0 };
  return { required: row.required, done: row.done, left: Math.max(0, row.required - row.done) };
}

/** Writes the event; false when this (kind, source, reference) was recorded before. */
async function recordOnce(
  tx: Tx,
  userId: number,
  kind: 'add' | 'reduce',
  source: TurnoverEventSource,
  amount: number,
  reference: TurnoverReference,
): Promise<boolean> {
  const inserted = await tx
    .insert(turnoverEvents)
    .values({ userId, kind, source, amount, referenceTable: reference.table, referenceId: String(reference.id) })
    .onConflictDoNothing()
    .returning({ id: turnoverEvents.id });
  return inserted.length > 0;
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new Error(`turnover amount must be a whole number ≥ 0: ${amount}`);
}

/** Turnover left of players by id (0 for one without a requirement), in one query. */
export async function turnoverLeftOf(db: Conn, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  // execute(): sent when called (platform/db.ts, together()).
  const rows = await db.select().from(turnoverBalances).where(inArray(turnoverBalances.userId, userIds)).execute();
  return new Map(rows.map((r) => [r.userId, Math.max(0, r.required - r.done)]));
}
