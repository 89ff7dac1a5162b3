import { and, desc, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { reportAdmin } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { localPeriod, type PeriodGroup } from '../../platform/periods.js';
import { bets } from './tables.js';

/*
 * The bets' side of the operator's profit and loss (docs/design.md §9, "Reports"): the bets
 * settled in a range (won, lost, void or cashed out; a pending bet refused never took a stake),
 * per period of the site's time zone or per game type, game or billiards match.
 */

type Range = { from: Date; to: Date };
type BetFigures = Omit<reportAdmin.PnlBreakdownRow, 'key' | 'gameType' | 'label'>;

const SETTLED = ['won', 'lost', 'void', 'cashout'] as const;

const settledIn = (range: Range) =>
  and(gte(bets.settledAt, range.from), lt(bets.settledAt, range.to), inArray(bets.status, SETTLED));

const figures = {
  bets: sql<number>`count(*)`.mapWith(Number),
  players: sql<number>`count(DISTINCT ${bets.userId})`.mapWith(Number),
  turnover: sql<number>`coalesce(sum(${bets.stake}), 0)`.mapWith(Number),
  validBet: sql<number>`coalesce(sum(${bets.validBet}), 0)`.mapWith(Number),
  payout: sql<number>`coalesce(sum(${bets.payout}), 0)`.mapWith(Number),
};

const withGgr = <T extends Omit<BetFigures, 'ggr'>>(row: T) => ({ ...row, ggr: row.turnover - row.payout });

/** The settled bets' figures per period, and over the whole range (players counted once). */
export async function betFiguresByPeriod(db: Conn, range: Range, group: PeriodGroup, timeZone: string) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ period: localPeriod(bets.settledAt, group, timeZone), ...figures })
      .from(bets)
      .where(settledIn(range))
      .groupBy(sql`1`),
    db.select(figures).from(bets).where(settledIn(range)),
  ]);
  return {
    periods: new Map(rows.map(({ period, ...row }) => [period, withGgr(row)])),
    total: withGgr(total!),
  };
}

/** The columns a breakdown groups by: its key, game type and label. */
function dimension(by: reportAdmin.PnlDimension): { key: SQL<string>; label: SQL<string>; only?: SQL } {
  if (by === 'game_type') return { key: sql`${bets.gameType}`, label: sql`${bets.gameType}` };
  if (by === 'game') return { key: sql`${bets.gameName}`, label: sql`${bets.gameName}` };
  return { key: sql`${bets.roundId}`, label: sql`max(${bets.gameName})`, only: sql`${bets.gameType} = 'taiqiu'` };
}

/** A page of the settled bets' figures by game type, game or match, the largest turnover first. */
export async function betFiguresBy(
  db: Conn,
  range: Range,
  by: reportAdmin.PnlDimension,
  page: { page: number; pageSize: number },
) {
  const { key, label, only } = dimension(by);
  const where = and(settledIn(range), only);
  const [rows, [count]] = await Promise.all([
    db
      .select({ key: key.mapWith(String), gameType: sql<string>`max(${bets.gameType})`, label, ...figures })
      .from(bets)
      .where(where)
      .groupBy(key)
      .orderBy(desc(sql`sum(${bets.stake})`), key)
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ n: sql<number>`count(DISTINCT ${key})`.mapWith(Number) })
      .from(bets)
      .where(where),
  ]);
  return {
    list: rows.map((r) => withGgr({ ...r, gameType: r.gameType as reportAdmin.PnlBreakdownRow['gameType'] })),
    total: count?.n ?? 0,
  };
}
