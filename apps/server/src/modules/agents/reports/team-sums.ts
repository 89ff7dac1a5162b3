import { and, eq, gt, gte, inArray, lte, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { isReplica, type Conn } from '../../../platform/db.js';
import { addDays, localDate } from '../../../platform/time-range.js';
import { teamOf, type TeamScope } from '../../auth/service.js';
import { agentDaily, agentTeamDays, ROLLUP_GRACE_MS } from '../report-tables.js';

/*
 * The team's figures from the daily roll-ups (agent_daily) joined with my part of the closure
 * table: one query per report, with a row per day (or per week, or game type) and, through
 * GROUPING SETS, the period's total in the same scan, so headcounts are distinct over the period.
 *
 * A closed day (ended ROLLUP_GRACE_MS ago) never changes, so its sums per game type are computed
 * once per (agent, scope) into agent_team_days and read from there after; only the open days are
 * joined live. Headcounts are distinct over the period, which day sums cannot give: a query with
 * one reads every day live. So does one on a read-only replica, where the cache cannot be filled.
 */

const d = agentDaily;
const c = agentTeamDays;

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
  /** What a dividend is paid on (docs/design.md §8): the team's loss, insurance included… */
  netLoss: sum(sql`${d.stake} - ${d.payout} + ${d.insurancePremiums} - ${d.insurancePayouts}`),
  /** …minus these costs. */
  costs: sum(sql`${d.rebates} + ${d.bonuses} + ${d.depositFees} + ${d.withdrawalFees}`),
};
export type FigureKey = keyof typeof FIGURES;
export type Sums<K extends FigureKey> = Record<K, number>;

/** The headcounts: distinct members, so never summed from cached days. */
const HEADCOUNTS: readonly FigureKey[] = ['depositors', 'firstDepositors', 'activeBettors'];

/** The roll-up figures the cache sums (agentTeamDays names them as agentDaily does). */
const CACHED = [
  'registrations',
  'deposits',
  'depositCount',
  'firstDepositCount',
  'firstDeposits',
  'depositFees',
  'withdrawals',
  'withdrawalCount',
  'withdrawalFees',
  'betCount',
  'stake',
  'validBet',
  'payout',
  'insurancePremiums',
  'insurancePayouts',
  'rebates',
  'bonuses',
  'transfersIn',
  'transfersOut',
] as const;

/** The first site day whose roll-ups may still change at `now`: the days before it are closed. */
export const openDayOf = (now: Date, timeZone: string) =>
  localDate(new Date(now.getTime() - ROLLUP_GRACE_MS), timeZone);

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
  /** openDayOf(now): the days before it are read from the cache. Without it, all are read live. */
  openFrom?: string;
}

type Team = ReturnType<typeof teamOf>;

/** The cached figures of the rows of `t`, under their column names. */
const pick = (t: typeof c | typeof d) =>
  Object.fromEntries(CACHED.map((k) => [k, sql<number>`${t[k]}`.as(t[k].name)])) as Record<
    (typeof CACHED)[number],
    SQL.Aliased<number>
  >;

/**
 * Caches the closed days from `from` to `to` not cached yet for (agent, scope): their sums per
 * game type in one grouped query, and a marker row (game type '-') per day, which also tells a
 * day without activity, in one statement. A concurrent request's rows are the same: kept.
 */
async function cacheClosedDays(db: Conn, q: TeamQuery, to: string, team: Team): Promise<void> {
  const cached = await db
    .select({ day: c.day })
    .from(c)
    .where(
      and(eq(c.agentId, q.agentId), eq(c.scope, q.scope), gte(c.day, q.from), lte(c.day, to), eq(c.gameType, '-')),
    );
  const done = new Set(cached.map((r) => r.day));
  const missing: string[] = [];
  for (let day = q.from; day <= to; day = addDays(day, 1)) if (!done.has(day)) missing.push(day);
  if (missing.length === 0) return;
  const sums = db
    .select({
      agentId: sql`${q.agentId}::bigint`,
      scope: sql`${q.scope}::text`,
      day: d.day,
      gameType: d.gameType,
      ...Object.fromEntries(CACHED.map((k) => [k, sql`sum(${d[k]})`])),
    })
    .from(d)
    .innerJoin(team, eq(team.id, d.userId))
    .where(inArray(d.day, missing))
    .groupBy(d.day, d.gameType);
  const columns = sql.join(
    [c.agentId, c.scope, c.day, c.gameType, ...CACHED.map((k) => c[k])].map((col) => sql.identifier(col.name)),
    sql`, `,
  );
  const markers = missing.map((day) => sql`(${q.agentId}::bigint, ${q.scope}::text, ${day}::date, '-')`);
  await db.execute(sql`
    WITH sums AS (INSERT INTO ${c} (${columns}) ${sums} ON CONFLICT DO NOTHING)
    INSERT INTO ${c} (agent_id, scope, day, game_type) VALUES ${sql.join(markers, sql`, `)}
    ON CONFLICT DO NOTHING`);
}

/**
 * The rows to sum, named agent_daily so that FIGURES read them: the cached sums of the closed
 * days up to `closedTo` (filled first), and the team's roll-ups of the open days after it.
 */
async function withCache(db: Conn, q: TeamQuery, closedTo: string, team: Team) {
  await cacheClosedDays(db, q, closedTo, team);
  const cached = db
    .select({ day: c.day, gameType: sql<string>`${c.gameType}`.as('game_type'), ...pick(c) })
    .from(c)
    .where(
      and(
        eq(c.agentId, q.agentId),
        eq(c.scope, q.scope),
        gte(c.day, q.from),
        lte(c.day, closedTo),
        ne(c.gameType, '-'),
      ),
    );
  if (closedTo >= q.to) return cached.as('agent_daily');
  const live = db
    .select({ day: d.day, gameType: sql<string>`${d.gameType}`.as('game_type'), ...pick(d) })
    .from(d)
    .innerJoin(team, eq(team.id, d.userId))
    .where(and(gt(d.day, closedTo), lte(d.day, q.to)));
  return unionAll(cached, live).as('agent_daily');
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
  const selection = { key, game: perGame ? game : sql<null>`NULL`, ...figures } as {
    key: SQL<string>;
    game: SQL<string | null>;
  } & Record<K, SQL<number>>;
  const grouping = perGame ? sql`GROUPING SETS ((${key}), (${game}), ())` : sql`GROUPING SETS ((${key}), ())`;
  const closedTo =
    q.openFrom === undefined || keys.some((k) => HEADCOUNTS.includes(k)) || isReplica(db)
      ? undefined
      : [q.to, addDays(q.openFrom, -1)].sort()[0]!;
  const found =
    closedTo !== undefined && closedTo >= q.from
      ? await db
          .select(selection)
          .from(await withCache(db, q, closedTo, team))
          .groupBy(grouping)
      : await db
          .select(selection)
          .from(d)
          .innerJoin(team, eq(team.id, d.userId))
          .where(and(gte(d.day, q.from), lte(d.day, q.to)))
          .groupBy(grouping);
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
