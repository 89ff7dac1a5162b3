import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ErrorCode, type bets as contract, type Lang } from '@breakshot/contracts';
import type { z } from 'zod';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { withinTimeRange } from '../../platform/time-range.js';
import { returnOf } from '@breakshot/contracts';
import { betLabels, cashoutsOf, parlayOf, roundInfo } from './games.js';
import { bets, type BetRow } from './tables.js';

type ListInput = z.output<typeof contract.betRecordListRequest>;

/** Pending bets (in play, being accepted) count as open; rejected ones, never taken, as void. */
const STATUS_FILTER = {
  open: ['pending', 'open'],
  settled: ['won', 'lost', 'cashout'],
  void: ['void', 'rejected'],
} as const;

/** A bet settled (its win or loss known, or cashed out whole); a rejected one was never taken. */
const isSettled = (status: BetRow['status']) =>
  status === 'won' || status === 'lost' || status === 'void' || status === 'cashout';

/** The player's bets for the filter, newest first, with the summary over the whole filter. */
export async function listBetRecords(db: Conn, userId: number, input: ListInput, lang: Lang = 'zh-CN') {
  const where = and(
    eq(bets.userId, userId),
    input.gameType ? eq(bets.gameType, input.gameType) : undefined,
    input.status ? inArray(bets.status, [...STATUS_FILTER[input.status]]) : undefined,
    ...withinTimeRange(bets.placedAt, input),
  ) as SQL;
  const [rows, [summary]] = await Promise.all([
    db
      .select()
      .from(bets)
      .where(where)
      .orderBy(desc(bets.placedAt), desc(bets.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db
      .select({
        count: sql<number>`count(*)::int`,
        stake: sql<number>`coalesce(sum(${bets.stake}) FILTER (WHERE ${bets.status} <> 'rejected'), 0)::bigint`,
        validBet: sql<number>`coalesce(sum(${bets.validBet}), 0)::bigint`,
        payout: sql<number>`coalesce(sum(${bets.payout}), 0)::bigint`,
        winLoss: sql<number>`coalesce(sum(${bets.payout} - ${bets.stake}) FILTER (WHERE ${bets.status} IN ('won', 'lost', 'void', 'cashout')), 0)::bigint`,
      })
      .from(bets)
      .where(where),
  ]);
  const s = summary ?? { count: 0, stake: 0, validBet: 0, payout: 0, winLoss: 0 };
  return {
    list: rows.map((row) => toRecord(row, lang)),
    total: s.count,
    page: input.page,
    pageSize: input.pageSize,
    summary: {
      count: s.count,
      stake: Number(s.stake),
      validBet: Number(s.validBet),
      payout: Number(s.payout),
      winLoss: Number(s.winLoss),
    },
  };
}

/** One of the player's bets; another player's bet number is not found (404). */
export async function betRecordDetails(db: Conn, userId: number, betNo: string, lang: Lang = 'zh-CN') {
  const [row] = await db
    .select()
    .from(bets)
    .where(and(eq(bets.betNo, betNo), eq(bets.userId, userId)));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND, 'betNotFound');
  const [round, slip, cashouts] = await Promise.all([
    roundInfo(db, row.gameType, row.roundId),
    parlayOf(db, row),
    cashoutsOf(db, row),
  ]);
  const parlay = slip && {
    system: slip.system,
    sizes: slip.sizes,
    combinations: slip.combinations,
    unitStake: slip.unitStake,
    potentialReturn: slip.potentialReturn,
    legs: slip.legs,
    awaitingCorrection: slip.awaitingCorrection,
  };
  return {
    ...toRecord(row, lang),
    roundId: row.roundId,
    round: round && { title: round.title, startAt: round.startAt?.toISOString() ?? null },
    marketType: row.marketType,
    pick: row.pick,
    line: row.line,
    winLoss: isSettled(row.status) ? row.payout - row.stake : null,
    heldPayout: row.payoutHeld,
    parlay,
    cashouts,
  };
}

function toRecord(row: BetRow, lang: Lang) {
  return {
    betNo: row.betNo,
    gameType: row.gameType,
    gameName: row.gameName,
    stake: row.stake,
    validBet: row.validBet,
    payout: row.payout,
    status: row.status,
    rejectedReason: row.rejectedReason,
    createdAt: row.placedAt.toISOString(),
    settledAt: row.settledAt?.toISOString() ?? null,
    ...betLabels(row, lang),
    odds: row.oddsMilli === null ? null : row.oddsMilli / 1000,
    potentialReturn: row.oddsMilli === null ? null : returnOf(row.stake - row.cashoutStake, row.oddsMilli),
    result: row.result,
    cashoutStake: row.cashoutStake,
    cashoutPaid: row.cashoutPaid,
  };
}
