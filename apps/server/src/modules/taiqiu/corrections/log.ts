import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { ErrorCode, type taiqiu, type taiqiuAdmin } from '@breakshot/contracts';
import type { Conn } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { usernamesOf } from '../../auth/service.js';
import { betNosOf } from '../../bets/service.js';
import { marketName, selectionName } from '../labels.js';
import {
  correctionBets,
  corrections,
  markets,
  matches,
  selections,
  type CorrectedMarket,
  type CorrectionRow,
  type MarketRow,
  type MatchRow,
} from '../tables.js';
import { playersOf } from '../views.js';
import type { CorrectionMove } from './apply.js';

/* The corrections log (docs/design.md §9, "Result corrections"): each correction as the console reads it. */

type Line = taiqiuAdmin.CorrectionLine;
type Status = Line['before']['status'];

/** Corrections, newest first: of a match, of a status. */
export async function correctionsLog(
  db: Conn,
  input: { page: number; pageSize: number; matchId?: number; status?: taiqiuAdmin.CorrectionStatus },
) {
  const where = and(
    input.matchId === undefined ? undefined : eq(corrections.matchId, input.matchId),
    input.status === undefined ? undefined : eq(corrections.status, input.status),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(corrections)
      .where(where)
      .orderBy(desc(corrections.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(corrections).where(where),
  ]);
  const list = await correctionItemsOf(db, rows);
  return { list, total: total?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

/** The bets a correction re-settled, by bet. */
export async function correctionBetsLog(db: Conn, input: { id: number; page: number; pageSize: number }) {
  const [correction] = await db.select({ id: corrections.id }).from(corrections).where(eq(corrections.id, input.id));
  if (!correction) throw new AppError(ErrorCode.NOT_FOUND, 'correctionNotFound');
  const where: SQL = eq(correctionBets.correctionId, input.id);
  const rows = await db
    .select()
    .from(correctionBets)
    .where(where)
    .orderBy(correctionBets.betId)
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  const [total] = await db.select({ n: count() }).from(correctionBets).where(where);
  const [names, bets] = await Promise.all([
    usernamesOf(
      db,
      rows.map((r) => r.userId),
    ),
    betNosOf(
      db,
      rows.map((r) => r.betId),
    ),
  ]);
  const list: Line[] = rows.map((r) => {
    const bet = bets.get(r.betId);
    return {
      betNo: bet?.betNo ?? `#${r.betId}`,
      username: names.get(r.userId) ?? `#${r.userId}`,
      kind: bet?.selectionId === null ? 'parlay' : 'single',
      stake: bet?.stake ?? 0,
      before: { status: r.statusBefore as Status, payout: r.payoutBefore },
      after: { status: r.statusAfter as Status, payout: r.payoutAfter },
      // What moved plus what became debt: the whole difference.
      difference: r.moved - r.debt,
      debt: r.debt,
    };
  });
  return { list, total: total?.n ?? 0, page: input.page, pageSize: input.pageSize };
}

/** A correction as the log shows it. */
export const correctionItemOf = async (db: Conn, row: CorrectionRow) => (await correctionItemsOf(db, [row]))[0]!;

/** Corrections as the log shows them: their matches, markets and selections read once for all. */
async function correctionItemsOf(db: Conn, rows: CorrectionRow[]): Promise<taiqiuAdmin.CorrectionItem[]> {
  if (rows.length === 0) return [];
  const [matchRows, names] = await Promise.all([
    db
      .select()
      .from(matches)
      .where(inArray(matches.id, [...new Set(rows.map((r) => r.matchId))])),
    marketNamesOf(
      db,
      rows.flatMap((r) => r.markets.map((m) => m.marketId)),
    ),
  ]);
  const matchOf = new Map(matchRows.map((m) => [m.id, m]));
  return rows.map((row) => {
    const match = matchOf.get(row.matchId);
    const players = match ? playersOf(match) : null;
    return {
      id: row.id,
      matchId: row.matchId,
      matchName: players ? `${players.a} vs ${players.b}` : `#${row.matchId}`,
      markets: match ? marketItems(match, row.markets, names) : [],
      reason: row.reason,
      status: row.status,
      createdBy: row.createdBy,
      createdAt: row.createdAt.toISOString(),
      decidedBy: row.decidedBy,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      rejectReason: row.rejectReason,
      bets: row.bets,
      changed: row.changed,
      toPlayers: row.toPlayers,
      fromPlayers: row.fromPlayers,
      debts: row.debts,
      debtors: row.debtors,
      waiting: row.waiting,
    };
  });
}

/** The corrected markets with their names and their selections' names. */
export async function marketItemsOf(db: Conn, match: MatchRow, corrected: CorrectedMarket[]) {
  return marketItems(
    match,
    corrected,
    await marketNamesOf(
      db,
      corrected.map((m) => m.marketId),
    ),
  );
}

type MarketNames = Awaited<ReturnType<typeof marketNamesOf>>;

/** What names the markets and their selections: the market rows, and each selection's pick. */
async function marketNamesOf(db: Conn, ids: number[]) {
  if (ids.length === 0) return { marketOf: new Map<number, MarketRow>(), pickOf: new Map<number, taiqiu.Pick>() };
  const [marketRows, selectionRows] = await Promise.all([
    db.select().from(markets).where(inArray(markets.id, ids)),
    db.select().from(selections).where(inArray(selections.marketId, ids)),
  ]);
  return {
    marketOf: new Map(marketRows.map((m) => [m.id, m])),
    pickOf: new Map<number, taiqiu.Pick>(selectionRows.map((s) => [s.id, s.pick])),
  };
}

function marketItems(match: MatchRow, corrected: CorrectedMarket[], { marketOf, pickOf }: MarketNames) {
  const players = playersOf(match);
  return corrected.map((c) => {
    const market = marketOf.get(c.marketId);
    return {
      marketId: c.marketId,
      marketName: market ? marketName(market.type, 'zh-CN', market) : `#${c.marketId}`,
      selections: c.selections.map((s) => ({
        selectionId: s.selectionId,
        name: market ? selectionName(market.type, market.line, pickOf.get(s.selectionId)!, players, 'zh-CN') : '',
        before: s.before,
        after: s.after,
      })),
    };
  });
}

/** A preview's lines: each bet, its player, its figures before and after. */
export async function linesOf(db: Conn, moves: CorrectionMove[]): Promise<Line[]> {
  const names = await usernamesOf(
    db,
    moves.map((m) => m.item.bet.userId),
  );
  return moves.map(({ item: { bet, before, after, difference }, debt }) => ({
    betNo: bet.betNo,
    username: names.get(bet.userId) ?? `#${bet.userId}`,
    kind: bet.selectionId === null ? 'parlay' : 'single',
    stake: bet.stake,
    before: { status: before.outcome, payout: before.payout },
    after: { status: after.outcome, payout: after.payout },
    difference,
    debt,
  }));
}
