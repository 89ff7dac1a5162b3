import { and, eq, gte, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Conn } from '../../../platform/db.js';
import { teamOf, type TeamScope } from '../../auth/service.js';
import { agentDaily } from '../report-tables.js';

/*
 * The team's figures from the daily roll-ups (agent_daily) joined with my part of the closure
 * table: one query per report, with a row per day (or per week, or game type) and, through
 * GROUPING SETS, the period's total in the same scan, so headcounts are distinct over the period.
 */

const d = agentDaily;

/** A figure: the sum of an expression over the roll-up rows. */
export const sum = (expression: SQLWrapper) => sql<number>`coalesce(sum(${expression}), 0)`.mapWith(Number);

/** A headcount: the distinct members whose roll-ups match. */
export const people = (condition: SQL) =>
  sql<number>`count(DISTINCT ${d.userId}) FILTER (WHERE ${condition})`.mapWith(Number);

/** The figures each report reads, by the key it answers (contracts REPORT_LAYOUTS / DAY_LAYOUTS). */
export const FIGURES = {
  registrations: sum(d.registrations),
  deposits: sum(d.deposits),
  depositCount: sum(d.depositCount),
  depositors: people(sql`${d.depositCount} > 0`),
  firstDeposits: sum(d.firstDeposits),
  firstDepositCount: sum(d.firstDepositCount),
  firstDepositors: people(sql`${d.firstDepositCount} > 0`),
  withdrawals: sum(d.withdrawals),
  withdrawalCount: sum(d.withdrawalCount),
  depositFees: sum(d.depositFees),
  withdrawalFees: sum(d.withdrawalFees),
  fees: sum(sql`${d.depositFees} + ${d.withdrawalFees}`),
  stake: sum(d.stake),
  validBet: sum(d.validBet),
  payout: sum(d.payout),
  /** The players' side: positive when the team won. */
  winLoss: sum(sql`${d.payout} - ${d.stake}`),
  activeBettors: people(sql`${d.betCount} > 0`),
  rebates: sum(d.rebates),
  bonuses: sum(d.bonuses),
  net: sum(sql`${d.payout} - ${d.stake} + ${d.rebates} + ${d.bonuses}`),
  premiums: sum(d.insurancePremiums),
  payouts: sum(d.insurancePayouts),
  insuranceNet: sum(sql`${d.insurancePayouts} - ${d.insurancePremiums}`),
  /** What a dividend is paid on (DESIGN.md §8): the team's loss, insurance included… */
  netLoss: sum(sql`${d.stake} - ${d.payout} + ${d.insurancePremiums} - ${d.insurancePayouts}`),
  /** …minus these costs. */
  costs: sum(sql`${d.rebates} + ${d.bonuses} + ${d.depositFees} + ${d.withdrawalFees}`),
};
export type FigureKey = keyof typeof FIGURES;
export type Sums<K extends FigureKey> = Record<K, number>;

/** What rows a sum is split into: days, or weeks (keyed by the Monday). */
export type Bucket = 'day' | 'week';

const bucketOf: Record<Bucket, SQL<string>> = {
  day: sql<string>`${d.day}::text`,
  week: sql<string>`(${d.day} - (extract(isodow FROM ${d.day})::int - 1))::text`,
};

export interface TeamQuery {
  agentId: number;
  scope: TeamScope;
  /** Site days, both included. */
  from: string;
  to: string;
}

/**
 * The figures `keys` of my team (or direct members) over the period, per bucket, and their total
 * over the whole period (headcounts distinct over it); with `perGame`, also per game type (the
 * same scan). Buckets without a roll-up are missing.
 */
export async function teamSums<K extends FigureKey>(
  db: Conn,
  q: TeamQuery,
  keys: readonly K[],
  bucket: Bucket,
  perGame = false,
): Promise<{ rows: Map<string, Sums<K>>; games: Map<string, Sums<K>>; total: Sums<K> }> {
  const team = teamOf(db, q.agentId, q.scope);
  const figures = Object.fromEntries(keys.map((k) => [k, FIGURES[k]])) as Record<K, SQL<number>>;
  const key = bucketOf[bucket];
  const game = sql<string>`${d.gameType}`;
  const found = await db
    .select({ key, game: perGame ? game : sql<null>`NULL`, ...figures } as {
      key: SQL<string>;
      game: SQL<string | null>;
    } & Record<K, SQL<number>>)
    .from(d)
    .innerJoin(team, eq(team.id, d.userId))
    .where(and(gte(d.day, q.from), lte(d.day, q.to)))
    .groupBy(perGame ? sql`GROUPING SETS ((${key}), (${game}), ())` : sql`GROUPING SETS ((${key}), ())`);
  const rows = new Map<string, Sums<K>>();
  const games = new Map<string, Sums<K>>();
  let total = Object.fromEntries(keys.map((k) => [k, 0])) as Sums<K>;
  type Found = { key: string | null; game: string | null } & Sums<K>;
  for (const { key: at, game: of, ...values } of found as unknown as Found[]) {
    const sums = values as unknown as Sums<K>;
    if (at !== null) rows.set(at, sums);
    else if (of === null) total = sums;
    else if (of !== '') games.set(of, sums);
  }
  return { rows, games, total };
}
