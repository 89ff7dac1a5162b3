import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.js';
import { queryRows, type Conn, type Tx } from '../../platform/db.js';
import type { BetFigures, BetResettlement, LedgerRow } from '../../platform/domain-events.js';
import { factsOf, settledFigures, validBetsPerPlayer, type BetOutcome } from './settle.js';
import { bets, reportBetDays, reportBetDaysClosed, type BetRow } from './tables.js';

/*
 * Settling a settled bet again (docs/design.md §9, "Result corrections"): the caller (a result
 * correction) says each bet's new outcome; this says what the bet becomes and what its credit
 * changes by, writes the rows, and announces `bets.resettled` once the caller has moved the
 * differences. A bet sold in full (cashout) is the player's sale and is never re-settled.
 */

export interface Resettling {
  bet: BetRow;
  outcome: BetOutcome;
  /** Its payout and valid bet where the bet's odds do not give them (a parlay's). */
  figures?: { payout: number; validBet: number };
}

export interface Resettled {
  bet: BetRow;
  before: BetFigures;
  after: BetFigures;
  /** What the new settlement credits less what the first one did: + to the player, − back. */
  difference: number;
}

/** Bets settled won, lost or void (never those sold in full): a correction may settle them again. */
const SETTLED = ['won', 'lost', 'void'] as const;

/** The settled bets of a billiards match on these selections (singles), by id. */
export function settledBetsOfSelections(db: Conn, matchId: number, selectionIds: number[]): Promise<BetRow[]> {
  if (selectionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(bets)
    .where(
      and(
        eq(bets.gameType, 'taiqiu'),
        eq(bets.roundId, String(matchId)),
        inArray(bets.selectionId, selectionIds),
        inArray(bets.status, [...SETTLED]),
      ),
    )
    .orderBy(bets.id);
}

/** These bets, those settled, by id. */
export function settledBetsByIds(db: Conn, ids: number[]): Promise<BetRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(bets)
    .where(and(inArray(bets.id, ids), inArray(bets.status, [...SETTLED])))
    .orderBy(bets.id);
}

/** Bets by id: their number, selection (null: a parlay) and stake, for a correction's log. */
export async function betNosOf(db: Conn, ids: number[]) {
  if (ids.length === 0) return new Map<number, Pick<BetRow, 'betNo' | 'selectionId' | 'stake'>>();
  const rows = await db
    .select({ id: bets.id, betNo: bets.betNo, selectionId: bets.selectionId, stake: bets.stake })
    .from(bets)
    .where(inArray(bets.id, ids));
  return new Map(rows.map(({ id, ...bet }) => [id, bet]));
}

/** What settling the bet again with this outcome makes of it (nothing written). */
export function resettlementOf({ bet, outcome, figures }: Resettling): Resettled {
  const before = { outcome: bet.status as BetFigures['outcome'], payout: bet.payout, validBet: bet.validBet };
  const creditBefore = bet.payout - bet.cashoutPaid;
  const s = settledFigures(bet, outcome, figures);
  return {
    bet,
    before,
    after: { outcome: s.outcome, payout: s.payout, validBet: s.validBet },
    difference: s.credit - creditBefore,
  };
}

/**
 * Writes the bets' new figures, each only if the row still holds its figures before (a bet the
 * caller read stale is left, and not returned): the caller then moves the differences of those
 * returned, and announces them.
 */
export async function writeResettled(tx: Tx, items: Resettled[]): Promise<Resettled[]> {
  if (items.length === 0) return [];
  const rows = items.map(({ bet, before, after }) => ({
    id: bet.id,
    status_before: before.outcome,
    payout_before: before.payout,
    status: after.outcome,
    payout: after.payout,
    valid_bet: after.validBet,
  }));
  const written = await queryRows<{ id: string | number }>(
    tx,
    sql`UPDATE bets b
        SET status = r.status, payout = r.payout, valid_bet = r.valid_bet
        FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          AS r(id bigint, status_before text, payout_before bigint, status text, payout bigint, valid_bet bigint)
        WHERE b.id = r.id AND b.status = r.status_before AND b.payout = r.payout_before
        RETURNING b.id`,
  );
  const ids = new Set(written.map((r) => Number(r.id)));
  return items.filter((i) => ids.has(i.bet.id));
}

/** `bets.resettled` of bets written again, their differences moved (docs/events.md). */
export async function announceResettled(
  tx: Tx,
  ctx: AppContext,
  items: Resettled[],
  correction: { reference: LedgerRow; reason: string; rowOf: (item: Resettled) => LedgerRow },
): Promise<void> {
  if (items.length === 0) return;
  const at = ctx.now();
  const { reference, reason, rowOf } = correction;
  const bets: BetResettlement[] = items.map((item) => ({
    bet: factsOf(item.bet),
    before: item.before,
    after: item.after,
    settledAt: item.bet.settledAt ?? at,
    reference: rowOf(item),
  }));
  const validBetChanges = validBetsPerPlayer(
    items.map((item) => ({
      bet: item.bet,
      validBet: item.after.validBet - item.before.validBet,
      reference: rowOf(item),
      at,
    })),
  );
  await ctx.events.emit(tx, ctx, 'bets.resettled', { bets, validBetChanges, reference, reason, at });
  for (const userId of new Set(items.map((i) => i.bet.userId))) {
    const last = items.findLast((i) => i.bet.userId === userId)!.bet;
    await ctx.live.notifyUser(userId, { type: 'BET_SETTLED', betNo: last.betNo, gameType: last.gameType }, tx);
  }
}

/**
 * The profit and loss's cached days (report-days.ts) that may hold these bets' first settlement,
 * forgotten: the next read fills them again with the bets as they are now. A day either side of
 * their settlement instants covers any site time zone.
 */
export async function forgetReportDays(tx: Tx, settled: BetRow[]): Promise<void> {
  const times = settled.flatMap((b) => (b.settledAt ? [b.settledAt.getTime()] : []));
  if (times.length === 0) return;
  const from = new Date(Math.min(...times) - DAY).toISOString().slice(0, 10);
  const to = new Date(Math.max(...times) + DAY).toISOString().slice(0, 10);
  await tx.execute(sql`DELETE FROM ${reportBetDaysClosed} WHERE day BETWEEN ${from}::date AND ${to}::date`);
  await tx.execute(sql`DELETE FROM ${reportBetDays} WHERE day BETWEEN ${from}::date AND ${to}::date`);
}

const DAY = 86_400_000;
