import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Conn } from '../../platform/db.js';
import type { PeriodGroup } from '../../platform/periods.js';
import { agentDaily as d } from './report-tables.js';

/*
 * The operator's players report (docs/design.md §9, "Reports") from the daily roll-ups, which
 * every player has (a registration writes the first): registrations, first deposits and
 * conversion, and active players per period; the range's top winners and losers. The roll-ups'
 * days are the site's, so a period is made of whole days. Active: a bet settled that day
 * (bet_count > 0: won, lost or cashed out; never a void bet that refunded its stake).
 */

/** Site days, both included. */
export interface DayRange {
  first: string;
  last: string;
}

export interface PeriodPlayers {
  registrations: number;
  firstDepositors: number;
  firstDeposits: number;
  converted: number;
  activePlayers: number;
}

/** The period of a roll-up's day, named as platform/periods.ts names it. */
function periodOf(day: SQL | typeof d.day, group: PeriodGroup): SQL<string> {
  if (group === 'day') return sql`${day}::text`;
  if (group === 'month') return sql`to_char(${day}, 'YYYY-MM')`;
  return sql`(${day} - (extract(isodow FROM ${day})::int - 1))::text`;
}

const inRange = (range: DayRange) => sql`${d.day} BETWEEN ${range.first}::date AND ${range.last}::date`;

type Counted = { period: string | null; n: number; amount: number };

/** Per period and (period NULL) over the range: the counts and sums one query gives. */
async function countedByPeriod(db: Conn, query: SQL): Promise<Map<string | null, Counted>> {
  const rows = await queryRows<{ period: string | null; n: string; amount: string }>(db, query);
  return new Map(rows.map((r) => [r.period, { period: r.period, n: Number(r.n), amount: Number(r.amount) }]));
}

/** Registrations per period; the registration roll-up is the '' row with registrations 1. */
const registrationsQuery = (range: DayRange, group: PeriodGroup) => sql`
  SELECT ${periodOf(d.day, group)} AS period, count(*) AS n, 0 AS amount FROM ${d}
  WHERE ${d.registrations} > 0 AND ${inRange(range)}
  GROUP BY GROUPING SETS ((1), ())`;

/** First deposits per period: a player's first deposit ever is counted once, on its day. */
const firstDepositsQuery = (range: DayRange, group: PeriodGroup) => sql`
  SELECT ${periodOf(d.day, group)} AS period, sum(${d.firstDepositCount}) AS n, sum(${d.firstDeposits}) AS amount
  FROM ${d} WHERE ${d.firstDepositCount} > 0 AND ${inRange(range)}
  GROUP BY GROUPING SETS ((1), ())`;

/**
 * The period's registrants whose first deposit fell in the same period; over the range, the
 * range's registrants who first deposited within it.
 */
const convertedQuery = (range: DayRange, group: PeriodGroup) => {
  const registered = periodOf(sql`r.day`, group);
  return sql`
  SELECT ${registered} AS period,
    CASE WHEN grouping(${registered}) = 1 THEN count(*)
      ELSE count(*) FILTER (WHERE ${periodOf(sql`f.day`, group)} = ${registered}) END AS n, 0 AS amount
  FROM ${d} r JOIN ${d} f ON f.user_id = r.user_id AND f.first_deposit_count > 0
    AND f.day BETWEEN r.day AND ${range.last}::date
  WHERE r.registrations > 0 AND r.day BETWEEN ${range.first}::date AND ${range.last}::date
  GROUP BY GROUPING SETS ((${registered}), ())`;
};

/** Distinct players with a bet settled, per period and over the range. */
const activeQuery = (range: DayRange, group: PeriodGroup) => sql`
  WITH active AS (
    SELECT DISTINCT ${periodOf(d.day, group)} AS period, ${d.userId} AS user_id FROM ${d}
    WHERE ${d.betCount} > 0 AND ${inRange(range)}
  )
  SELECT period, count(*) AS n, 0 AS amount FROM active GROUP BY period
  UNION ALL SELECT NULL, count(DISTINCT user_id), 0 FROM active`;

const noPlayers: PeriodPlayers = {
  registrations: 0,
  firstDepositors: 0,
  firstDeposits: 0,
  converted: 0,
  activePlayers: 0,
};

/**
 * The players' figures per period of the range (periods without any missing) and over the whole
 * range (key null; players counted once over it).
 */
export async function playerFiguresByPeriod(
  db: Conn,
  range: DayRange,
  group: PeriodGroup,
): Promise<Map<string | null, PeriodPlayers>> {
  const [registered, firstDeposits, converted, active] = await Promise.all(
    [registrationsQuery, firstDepositsQuery, convertedQuery, activeQuery].map((query) =>
      countedByPeriod(db, query(range, group)),
    ),
  );
  const figures = new Map<string | null, PeriodPlayers>([[null, { ...noPlayers }]]);
  const add = (counted: Map<string | null, Counted>, put: (into: PeriodPlayers, c: Counted) => void) => {
    for (const [period, c] of counted) {
      if (!figures.has(period)) figures.set(period, { ...noPlayers });
      put(figures.get(period)!, c);
    }
  };
  add(registered!, (into, c) => (into.registrations = c.n));
  add(firstDeposits!, (into, c) => Object.assign(into, { firstDepositors: c.n, firstDeposits: c.amount }));
  add(converted!, (into, c) => (into.converted = c.n));
  add(active!, (into, c) => (into.activePlayers = c.n));
  return figures;
}

export interface PlayerWinLoss {
  userId: number;
  bets: number;
  turnover: number;
  payout: number;
  winLoss: number;
}

/**
 * The range's `limit` players who won most (payout − stake > 0, the largest first) or lost most
 * (< 0, the largest loss first), from the rows of their bets' game types.
 */
export async function topWinLoss(
  db: Conn,
  range: DayRange,
  side: 'winners' | 'losers',
  limit: number,
): Promise<PlayerWinLoss[]> {
  const winLoss = sql`sum(${d.payout} - ${d.stake})`;
  const rows = await queryRows<{ user_id: string; bets: string; turnover: string; payout: string; win_loss: string }>(
    db,
    sql`SELECT ${d.userId} AS user_id, sum(${d.betCount}) AS bets, sum(${d.stake}) AS turnover,
          sum(${d.payout}) AS payout, ${winLoss} AS win_loss
        FROM ${d} WHERE ${inRange(range)} AND ${d.gameType} <> ''
        GROUP BY ${d.userId}
        HAVING ${winLoss} ${side === 'winners' ? sql`> 0` : sql`< 0`}
        ORDER BY ${winLoss} ${side === 'winners' ? sql`DESC` : sql`ASC`}, ${d.userId}
        LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    bets: Number(r.bets),
    turnover: Number(r.turnover),
    payout: Number(r.payout),
    winLoss: Number(r.win_loss),
  }));
}
