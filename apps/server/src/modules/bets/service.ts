import { randomInt } from 'node:crypto';
import { and, count, desc, eq, inArray, lte, sql, type SQLWrapper } from 'drizzle-orm';
import { returnOf, type GameType } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { beforeCommit, isLiteral, type Conn, type Tx } from '../../platform/db.js';
import { preparedInTransaction } from '../../platform/prepared.js';
import { agentChainValue } from '../auth/service.js';
import {
  balanceAfter,
  holdWithBalances,
  transfer,
  transferWithBalances,
  type LedgerReference,
  type ReferenceContext,
} from '../wallet/service.js';
import { announceSettled, factsOf } from './settle.js';
import { bets, type BetRow } from './tables.js';

export type { BetRow };

/**
 * A bet's status at its first settlement: a correction's later ones move their differences under
 * their own code (taiqiu/corrections), so the payout or refund stays the first settlement's.
 */
const FIRST_STATUS = `coalesce((SELECT c.status_before FROM taiqiu_correction_bets c WHERE c.bet_id = b.id
  ORDER BY c.correction_id LIMIT 1), status)`;

/** Every bet's stake left the player; a won bet was paid its return; a void bet got its stake back. */
export const betLedgerReferences: LedgerReference[] = [
  { table: 'bets', idColumn: 'bet_no', code: 'bet', settled: 'true' },
  { table: 'bets', idColumn: 'bet_no', code: 'payout', settled: `${FIRST_STATUS} = 'won'` },
  { table: 'bets', idColumn: 'bet_no', code: 'refund', settled: `${FIRST_STATUS} = 'void'` },
];

/** Fund details link an entry to its bet, whose page is per game type. */
export const betReferenceContext: ReferenceContext = { table: 'bets', idColumn: 'bet_no', column: 'game_type' };

/** What a game records of a new bet; market and selection fields are null for games without them. */
export interface NewBet {
  userId: number;
  gameType: GameType;
  gameName: string;
  roundId: string;
  marketId: number | null;
  marketType: BetRow['marketType'];
  marketName: string | null;
  selectionId: number | null;
  pick: BetRow['pick'];
  selectionName: string | null;
  line: number | null;
  /** A billiards frame market's frame; absent for others. */
  frame?: number | null;
  /** Decimal odds × 1000, or null. */
  oddsMilli: number | null;
  stake: number;
  /** A poker insurance bet (provider games); default false. */
  insurance?: boolean;
  /**
   * The app's idempotency key (billiards bets): stored with the bet and the key of its stake's
   * transfer, so the ledger too refuses a second bet under it. Call betOfRequest first.
   */
  requestId?: string | undefined;
  /** The stake asked, when less was taken (a billiards market's liability limit); absent otherwise. */
  askedStake?: number | undefined;
}

/** The market and selection fields of a bet in a game without markets (slots, poker, …). */
export const NO_MARKET = {
  marketId: null,
  marketType: null,
  marketName: null,
  selectionId: null,
  pick: null,
  selectionName: null,
  line: null,
} as const satisfies Partial<NewBet>;

export interface PlaceOptions {
  /**
   * The caller refused a self-excluded player itself, earlier in this transaction (the provider
   * wallet answers with its own status): not read again.
   */
  exclusionChecked?: boolean;
  /**
   * A bet pending until then (in-play acceptance): its stake is held, not yet moved; the caller
   * accepts or rejects it (acceptPendingBet, rejectPendingBet).
   */
  acceptAt?: Date;
}

export { betLabels, cashoutsOf, registerGame, roundInfo, type GameDescription, type RoundInfo } from './games.js';
export { betRecordDetails, listBetRecords } from './records.js';
export { betsByDay, betTotalsOf, validBetOf } from './console.js';
export { betFiguresBy, betFiguresByPeriod, settledBetFacts } from './report-figures.js';
export { reportDaysJob } from './report-days.js';
export { addCashout, openBetsToValue, playerBet, playerOpenBets, type ValuedBet } from './cashout-rows.js';
export { isOpenPick, openPicksAfter, openPicksOf } from './picks.js';

/**
 * The unique index of a player's request ids (drizzle/0024): a duplicate sent at the same time as
 * its bet waits on it at placeBet's insert, then fails with it once that bet commits. Its caller
 * runs its transaction again, and betOfRequest then finds the bet.
 */
export const BET_REQUEST_UNIQUE = 'bets_user_request';

/** The bet the player placed under this request id, if any (see BET_REQUEST_UNIQUE for one in flight). */
export async function betOfRequest(tx: Tx, userId: number, requestId: string): Promise<BetRow | undefined> {
  const [row] = await tx
    .select()
    .from(bets)
    .where(and(eq(bets.userId, userId), eq(bets.requestId, requestId)));
  return row;
}

/** Whether the player placed a bet under this request id, as a column of another select (betOfRequest reads it). */
export const requestUsedColumn = (userId: SQLWrapper, requestId: SQLWrapper) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${bets} WHERE ${bets.userId} = ${userId} AND ${bets.requestId} = ${requestId})`;

/**
 * Whether the player has an open or pending bet of the round on another selection of the market,
 * as a column of another select: the both-sides check of a billiards bet, read through
 * bets_round_live (the round's open and pending bets, by player), whatever else the player plays.
 */
export const backsOtherSelectionColumn = (
  userId: SQLWrapper,
  round: { gameType: GameType; roundId: SQLWrapper; marketId: SQLWrapper; selectionId: SQLWrapper },
) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${bets} WHERE ${bets.gameType} = ${round.gameType}
    AND ${bets.roundId} = ${round.roundId} AND ${bets.userId} = ${userId}
    AND ${bets.marketId} = ${round.marketId} AND ${bets.selectionId} <> ${round.selectionId}
    AND ${bets.status} IN ('open', 'pending'))`;

/**
 * Writes the bet with its agent chain and debits the stake (player cash → house) in the caller's
 * transaction: either both happen or neither (insufficient balance: 422, nothing written). A
 * self-excluded player's bet is refused (403). A pending bet (`acceptAt`) holds the stake
 * instead. Returns the bet and the player's available balance after the stake left.
 */
export async function placeBet(
  tx: Tx,
  ctx: AppContext,
  bet: NewBet,
  { exclusionChecked = false, acceptAt }: PlaceOptions = {},
): Promise<BetRow & { balanceAfter: number }> {
  const placedAt = ctx.now();
  await ctx.events.emit(tx, ctx, 'bet.placing', { userId: bet.userId, at: placedAt, exclusionChecked });
  let row: BetRow | undefined;
  for (let attempt = 0; !row; attempt += 1) {
    if (attempt === 5) throw new Error('no free bet number');
    [row] = await insertBetQuery(tx).execute({
      ...bet,
      insurance: bet.insurance ?? false,
      frame: bet.frame ?? null,
      requestId: bet.requestId ?? null,
      askedStake: bet.askedStake ?? null,
      status: acceptAt ? 'pending' : 'open',
      acceptAt: acceptAt?.toISOString() ?? null,
      betNo: newBetNo(placedAt),
      placedAt,
    });
  }
  const move = acceptAt ? holdWithBalances : transferWithBalances;
  const stake = await move(tx, ctx, {
    key: bet.requestId ? `bet:${bet.userId}:${bet.requestId}` : `bet:${row.betNo}`,
    code: 'bet',
    debit: { userId: bet.userId },
    credit: { house: 'house' },
    amount: bet.stake,
    reference: { table: 'bets', id: row.betNo },
  });
  if (acceptAt) {
    // The hold's id is for the decision, in a later transaction: written with the COMMIT.
    const held = tx.update(bets).set({ holdTransferId: stake.row.id }).where(eq(bets.id, row.id));
    beforeCommit(tx, async () => void (await held.execute()), { oneStatement: true });
    row = { ...row, holdTransferId: stake.row.id };
  }
  // The key is new with the new bet row (a request id's bet is looked up first): never a replay.
  return { ...row, balanceAfter: balanceAfter(stake, bet.userId) };
}

export { decideBets, type BetDecision } from './decisions.js';

/** Pending bets of the game type due by `now` (bets_pending, game type then accept_at, holds just those). */
const pendingDue = (gameType: GameType, now: Date) =>
  and(isLiteral(bets.status, 'pending'), eq(bets.gameType, gameType), lte(bets.acceptAt, now));

/** Whether some pending bet of the game type is due by `now`. */
export async function anyPendingDue(db: Conn, gameType: GameType, now: Date): Promise<boolean> {
  const [row] = await db.select({ id: bets.id }).from(bets).where(pendingDue(gameType, now)).limit(1);
  return row !== undefined;
}

/** Pending bets due to be decided by `now`, soonest first, locked (others' instances skip them). */
export function duePendingBets(tx: Tx, gameType: GameType, now: Date, limit: number): Promise<BetRow[]> {
  return tx
    .select()
    .from(bets)
    .where(pendingDue(gameType, now))
    .orderBy(bets.acceptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** A new bet with its agent chain; a bet number already taken: nothing written, no row. */
const insertBetQuery = preparedInTransaction((db) => {
  const p = sql.placeholder;
  return db
    .insert(bets)
    .values({
      betNo: p('betNo'),
      userId: p('userId'),
      gameType: p('gameType'),
      gameName: p('gameName'),
      roundId: p('roundId'),
      marketId: p('marketId'),
      marketType: p('marketType'),
      marketName: p('marketName'),
      selectionId: p('selectionId'),
      pick: p('pick'),
      selectionName: p('selectionName'),
      line: p('line'),
      frame: p('frame'),
      status: p('status'),
      // Null for most bets: cast here, as drizzle maps only a date through the column.
      acceptAt: sql`${p('acceptAt')}::timestamptz`,
      oddsMilli: p('oddsMilli'),
      stake: p('stake'),
      insurance: p('insurance'),
      requestId: p('requestId'),
      askedStake: p('askedStake'),
      agentChain: agentChainValue(p('userId')),
      placedAt: p('placedAt'),
    })
    .onConflictDoNothing({ target: bets.betNo })
    .returning()
    .prepare('bets_insert');
});

/** floor(stake × odds): what a win at these odds pays back, stake included. */
export { returnOf };

export { settleBet, settleBets, settlementOf, type BetOutcome, type Settling } from './settle.js';

/** A win a provider game decided (docs/design.md §8): cents to credit and the Hub88 units below a cent it could not. */
export interface ProviderWin {
  payout: number;
  /**
   * The change of the bet's held part (payout_held): + a win's cents above the game's win limit,
   * − a held part an operator released (then in payout) or refused. Default 0.
   */
  held?: number;
  remainder: number;
  /** The caller's row of this win: a further win of a bet already won moves its money under it. */
  further: { key: string; table: string; id: string | number };
}

/**
 * Credits a provider's win to its bet in the caller's transaction (the bet is row-locked). The
 * first win settles the open bet: won if it pays (a part held pays nothing yet), lost if not, the
 * stake as valid bet. A later
 * win adds its payout: a lost bet that now pays becomes won with the bet's own payout transfer; a
 * bet already won gets a payout transfer naming `further`. Returns whether it did the latter (the
 * caller's table is then that transfer's business row). A void bet is the caller's error.
 */
export async function creditProviderWin(
  tx: Tx,
  ctx: AppContext,
  betNo: string,
  win: ProviderWin,
): Promise<{ furtherTransfer: boolean }> {
  const [bet] = await tx.select().from(bets).where(eq(bets.betNo, betNo)).for('update');
  if (!bet || bet.status === 'void') throw new Error(`bet ${betNo} cannot take a win`);
  const reference = { table: 'bets', id: bet.betNo };
  const pay = (key: string, ref: { table: string; id: string | number }) =>
    transfer(tx, ctx, {
      key,
      code: 'payout',
      debit: { house: 'house' },
      credit: { userId: bet.userId },
      amount: win.payout,
      reference: ref,
    });
  const remainder = bet.payoutRemainder + win.remainder;
  const now = ctx.now();
  if (bet.status === 'open') {
    const status = win.payout > 0 ? 'won' : 'lost';
    await tx
      .update(bets)
      .set({
        status,
        payout: win.payout,
        payoutHeld: bet.payoutHeld + (win.held ?? 0),
        validBet: bet.stake,
        payoutRemainder: remainder,
        settledAt: now,
      })
      .where(eq(bets.id, bet.id));
    if (win.payout > 0) await pay(`payout:${bet.betNo}`, reference);
    await announceSettled(tx, ctx, [
      { bet: factsOf(bet), outcome: status, payout: win.payout, validBet: bet.stake, at: now, reference },
    ]);
    return { furtherTransfer: false };
  }
  const nowWon = bet.status === 'lost' && win.payout > 0;
  await tx
    .update(bets)
    .set({
      status: nowWon ? 'won' : bet.status,
      payout: bet.payout + win.payout,
      payoutHeld: bet.payoutHeld + (win.held ?? 0),
      payoutRemainder: remainder,
    })
    .where(eq(bets.id, bet.id));
  if (win.payout === 0) return { furtherTransfer: false };
  const paidUnder = nowWon ? reference : { table: win.further.table, id: win.further.id };
  await pay(nowWon ? `payout:${bet.betNo}` : win.further.key, paidUnder);
  await ctx.events.emit(tx, ctx, 'bet.won-further', {
    bet: factsOf(bet),
    payout: win.payout,
    at: now,
    reference: paidUnder,
  });
  return { furtherTransfer: !nowWon };
}

/** One bet by its number (any player's: callers scope it). */
export async function betByNo(db: Conn, betNo: string): Promise<BetRow | undefined> {
  const [row] = await db.select().from(bets).where(eq(bets.betNo, betNo));
  return row;
}

/** Players split `of` ways by id: the stream `index` holds those whose id is `index` modulo `of`. */
export interface PlayerStream {
  of: number;
  index: number;
}

/**
 * The open bets of one round of a game type on some of its selections (billiards picks whose
 * outcome is known), player by player (a player's bets together, by id); those of one stream's
 * players.
 */
export function openBetsOfSelections(
  db: Conn,
  gameType: GameType,
  roundId: string,
  selectionIds: number[],
  limit: number,
  stream: PlayerStream = { of: 1, index: 0 },
): Promise<BetRow[]> {
  return db
    .select()
    .from(bets)
    .where(
      and(
        eq(bets.gameType, gameType),
        eq(bets.roundId, roundId),
        isLiteral(bets.status, 'open'),
        inArray(bets.selectionId, selectionIds),
        stream.of > 1 ? sql`${bets.userId} % ${stream.of} = ${stream.index}` : undefined,
      ),
    )
    .orderBy(bets.userId, bets.id)
    .limit(limit);
}

/** These bets, those still open, in id order. */
export function openBetsByIds(db: Conn, ids: number[]): Promise<BetRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(bets)
    .where(and(inArray(bets.id, ids), isLiteral(bets.status, 'open')))
    .orderBy(bets.id);
}

/** The open bets of one round (a billiards match) of a game type. */
export function openBetsOfRound(db: Conn, gameType: GameType, roundId: string, limit?: number): Promise<BetRow[]> {
  const query = db
    .select()
    .from(bets)
    .where(and(eq(bets.gameType, gameType), eq(bets.roundId, roundId), isLiteral(bets.status, 'open')))
    .orderBy(bets.id);
  return limit === undefined ? query : query.limit(limit);
}

/** The rounds of a game type with bets still open (bets_round_live holds those and the pending). */
export async function roundsWithOpenBets(db: Conn, gameType: GameType): Promise<string[]> {
  const rows = await db
    .selectDistinct({ roundId: bets.roundId })
    .from(bets)
    .where(and(eq(bets.gameType, gameType), isLiteral(bets.status, 'open')));
  return rows.flatMap((r) => (r.roundId === null ? [] : [r.roundId]));
}

/** How many open bets each of the rounds has (rounds without any are missing). */
export async function openBetCounts(db: Conn, gameType: GameType, roundIds: string[]): Promise<Map<string, number>> {
  if (roundIds.length === 0) return new Map();
  const rows = await db
    .select({ roundId: bets.roundId, n: count() })
    .from(bets)
    .where(and(eq(bets.gameType, gameType), inArray(bets.roundId, roundIds), isLiteral(bets.status, 'open')))
    .groupBy(bets.roundId);
  return new Map(rows.map((r) => [r.roundId, r.n]));
}

/** A player's bets on one round, newest first. */
export function playerBetsOfRound(db: Conn, userId: number, gameType: GameType, roundId: string): Promise<BetRow[]> {
  return db
    .select()
    .from(bets)
    .where(and(eq(bets.userId, userId), eq(bets.gameType, gameType), eq(bets.roundId, roundId)))
    .orderBy(desc(bets.placedAt), desc(bets.id));
}

/** yyMMddHHmmss (UTC) and 8 random digits. */
function newBetNo(at: Date): string {
  const stamp = at.toISOString().replace(/\D/g, '').slice(2, 14);
  return `${stamp}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}
export { betTimeline } from './timeline.js';
export {
  announceResettled,
  betNosOf,
  forgetReportDays,
  resettlementOf,
  settledBetsByIds,
  settledBetsOfSelections,
  writeResettled,
  type Resettled,
} from './resettle.js';
