import { and, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Conn } from '../../../platform/db.js';
import { addDays } from '../../../platform/time-range.js';
import { teamOf, type TeamScope } from '../../auth/service.js';
import {
  agentDaily,
  agentSettlements,
  agentStatementLines,
  agentStatements,
  type RollupGameType,
  type SettlementKind,
} from '../report-tables.js';
import { commissionLinesOf, dividendOf, type EarningLine } from '../settlement/estimate.js';

/*
 * What I earned, per period: a settled period reads its immutable statement (and lines); a
 * period not settled yet is estimated as settlement would compute it now (settlement/estimate).
 */

/** The periods of `kind` between `from` and `to` (both included) that are settled. */
export async function settledPeriods(db: Conn, kind: SettlementKind, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .select({ period: agentSettlements.period })
    .from(agentSettlements)
    .where(and(eq(agentSettlements.kind, kind), gte(agentSettlements.period, from), lte(agentSettlements.period, to)));
  return new Set(rows.map((r) => r.period));
}

/** Of these members, those in my scope (the whole team needs no look-up: every line is of it). */
async function inScope(db: Conn, agentId: number, scope: TeamScope, memberIds: number[]): Promise<Set<number>> {
  const ids = [...new Set(memberIds)];
  if (scope === 'team' || ids.length === 0) return new Set(ids);
  const direct = teamOf(db, agentId, 'direct');
  const rows = await db.select({ id: direct.id }).from(direct).where(inArray(direct.id, ids));
  return new Set(rows.map((r) => r.id));
}

/** The commission lines of `day` in my scope: the statement's when settled, else the estimate. */
export async function commissionLinesOfDay(
  db: Conn,
  agentId: number,
  scope: TeamScope,
  day: string,
  settled: boolean,
): Promise<EarningLine[]> {
  const lines = settled
    ? await db
        .select({
          memberId: agentStatementLines.memberId,
          gameType: agentStatementLines.gameType,
          base: agentStatementLines.base,
          rateBp: agentStatementLines.rateBp,
          amount: agentStatementLines.amount,
        })
        .from(agentStatementLines)
        .innerJoin(agentStatements, eq(agentStatements.id, agentStatementLines.statementId))
        .where(mine(agentId, 'commission', day, day))
    : await commissionLinesOf(db, agentId, day);
  const members = await inScope(
    db,
    agentId,
    scope,
    lines.map((l) => l.memberId),
  );
  return lines.filter((l) => members.has(l.memberId));
}

const mine = (agentId: number, kind: SettlementKind, from: string, to: string) =>
  and(
    eq(agentStatements.agentId, agentId),
    eq(agentStatements.kind, kind),
    gte(agentStatements.period, from),
    lte(agentStatements.period, to),
  );

/**
 * My commission per day from `from` to `to` (days after `today` earn nothing yet): per game type
 * when `byGame`, else under ''. The whole team's days read the statements' amounts; direct
 * members' or game types' read the statements' lines.
 */
export async function commissionByDay(
  db: Conn,
  agentId: number,
  scope: TeamScope,
  range: { from: string; to: string; today: string },
  byGame: boolean,
): Promise<Map<string, Map<RollupGameType, number>>> {
  const last = range.to < range.today ? range.to : range.today;
  const byDay = new Map<string, Map<RollupGameType, number>>();
  const add = (day: string, gameType: RollupGameType, amount: number) => {
    const games = byDay.get(day) ?? new Map<RollupGameType, number>();
    const key = byGame ? gameType : '';
    games.set(key, (games.get(key) ?? 0) + amount);
    byDay.set(day, games);
  };
  if (range.from > last) return byDay;
  const [open, settled] = await Promise.all([
    unsettledBettingDays(db, agentId, range.from, last),
    scope === 'team' && !byGame
      ? db
          .select({ day: agentStatements.period, gameType: sql<RollupGameType>`''`, amount: agentStatements.amount })
          .from(agentStatements)
          .where(mine(agentId, 'commission', range.from, last))
      : settledLines(db, agentId, scope, range.from, last),
  ]);
  for (const l of settled) add(l.day, l.gameType, l.amount);
  const estimates = await Promise.all(open.map((day) => commissionLinesOfDay(db, agentId, scope, day, false)));
  open.forEach((day, i) => {
    for (const l of estimates[i] ?? []) add(day, l.gameType, l.amount);
  });
  return byDay;
}

/** My statements' lines per day and game type, of my direct members only for 'direct'. */
function settledLines(db: Conn, agentId: number, scope: TeamScope, from: string, to: string) {
  const direct = teamOf(db, agentId, 'direct');
  return db
    .select({
      day: sql<string>`${agentStatements.period}::text`,
      gameType: agentStatementLines.gameType,
      amount: sql<number>`sum(${agentStatementLines.amount})`.mapWith(Number),
    })
    .from(agentStatementLines)
    .innerJoin(agentStatements, eq(agentStatements.id, agentStatementLines.statementId))
    .where(
      and(
        mine(agentId, 'commission', from, to),
        // Every line of my statements is of my team: only 'direct' needs the closure table.
        scope === 'direct'
          ? inArray(agentStatementLines.memberId, db.select({ id: direct.id }).from(direct))
          : undefined,
      ),
    )
    .groupBy(agentStatements.period, agentStatementLines.gameType);
}

/** The days not settled yet on which my whole team had a valid bet (the only days that earn me a commission). */
async function unsettledBettingDays(db: Conn, agentId: number, from: string, to: string): Promise<string[]> {
  const settled = await settledPeriods(db, 'commission', from, to);
  const open: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (!settled.has(day)) open.push(day);
  if (open.length === 0) return [];
  const team = teamOf(db, agentId, 'team');
  const rows = await db
    .selectDistinct({ day: agentDaily.day })
    .from(agentDaily)
    .innerJoin(team, eq(team.id, agentDaily.userId))
    .where(and(inArray(agentDaily.day, open), gt(agentDaily.validBet, 0)));
  return rows.map((r) => r.day);
}

export type DividendStatus = 'pending' | 'paid' | 'none';
export interface DividendWeek {
  carryIn: number;
  dividend: number;
  status: DividendStatus;
  /** The ratio the week was settled at; null for a week open or settled before it was kept. */
  ratioBp: number | null;
}

/**
 * My dividend of each week (by its Monday): a settled week's statement (none written: nothing
 * due), else as it stands (pending; a week not begun yet is all zeros).
 */
export async function dividendWeeks(
  db: Conn,
  agentId: number,
  mondays: string[],
  today: string,
): Promise<Map<string, DividendWeek>> {
  const [first, last] = [mondays.at(-1) ?? today, mondays[0] ?? today];
  const [settled, statements] = await Promise.all([
    settledPeriods(db, 'dividend', first, last),
    db
      .select({
        period: agentStatements.period,
        carryIn: agentStatements.carryIn,
        amount: agentStatements.amount,
        ratioBp: agentStatements.ratioBp,
      })
      .from(agentStatements)
      .where(mine(agentId, 'dividend', first, last)),
  ]);
  const byPeriod = new Map(statements.map((s) => [s.period, s]));
  const weeks = await Promise.all(
    mondays.map(async (monday): Promise<DividendWeek> => {
      if (settled.has(monday)) {
        const s = byPeriod.get(monday);
        return s
          ? { carryIn: s.carryIn, dividend: s.amount, status: s.amount > 0 ? 'paid' : 'none', ratioBp: s.ratioBp }
          : { carryIn: 0, dividend: 0, status: 'none', ratioBp: null };
      }
      if (monday > today) return { carryIn: 0, dividend: 0, status: 'pending', ratioBp: null };
      const now = await dividendOf(db, agentId, monday);
      return { carryIn: now.carryIn, dividend: now.amount, status: 'pending', ratioBp: null };
    }),
  );
  return new Map(mondays.map((monday, i) => [monday, weeks[i]!]));
}

/**
 * My dividends paid, by the day their week ended (its Sunday), for the weeks ending from `from`
 * to `to`: what the team report shows as earned on a day.
 */
export async function dividendsByWeekEnd(
  db: Conn,
  agentId: number,
  from: string,
  to: string,
): Promise<Map<string, number>> {
  const rows = await db
    .select({ period: agentStatements.period, amount: agentStatements.amount })
    .from(agentStatements)
    .where(mine(agentId, 'dividend', addDays(from, -6), addDays(to, -6)));
  return new Map(rows.map((r) => [addDays(r.period, 6), r.amount]));
}
