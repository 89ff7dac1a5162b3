import { and, asc, between, eq, gt, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { bets } from '@breakshot/contracts';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Conn } from '../../../platform/db.js';
import { addDays } from '../../../platform/time-range.js';
import { teamOf, uplinesOf } from '../../auth/service.js';
import { agentDaily, type RollupGameType } from '../report-tables.js';
import { agentProfiles } from '../tables.js';
import type { PathBase } from './differential.js';

/*
 * What settlement computes from, read only from the roll-ups joined with the invite tree: per
 * bettor and game type its valid bet of a day, or per member its net loss after costs over a
 * week, each with the member's agents nearest first. `within`: only the team of that agent, its
 * paths cut above it (an estimate for one agent needs nothing else: every agent below it on a
 * path has its whole team inside). A path leaves out agents whose rate (or ratio) is 0: they earn
 * nothing and raise no one's "highest rate below", so the differential is the same without them,
 * and most of a large team are plain members.
 */

/**
 * Per bettor and game type: the valid bet settled on `day` — below 0 where a result correction
 * took back more than the day brought (docs/design.md §9, "Result corrections").
 */
export function validBetBases(db: Conn, day: string, within?: number): Promise<PathBase[]> {
  const rows = db
    .select(selection(sql`${agentDaily.gameType}`, sql`${agentDaily.validBet}`))
    .from(agentDaily)
    .where(and(eq(agentDaily.day, day), ne(agentDaily.gameType, ''), ne(agentDaily.validBet, 0), inTeam(db, within)))
    .as('bases');
  // Any rate, not only this game type's: a statement's base is the team's valid bet of every game.
  // Spelled per game type: a set-returning jsonb_each per upline costs more than the rest of the query.
  const earns = or(...bets.gameTypes.map((g) => sql`(${agentProfiles.rates} ->> ${g})::int > 0`))!;
  return withPaths(db, rows, within, earns);
}

/**
 * Per member: its net loss after costs over the week from `monday` (may be below 0), as game
 * type ''. netLoss = stake − payout + insurance premiums − insurance payouts; costs = rebates +
 * bonuses + deposit fees + withdrawal fees.
 */
export function netLossBases(db: Conn, monday: string, within?: number): Promise<PathBase[]> {
  const d = agentDaily;
  const base = sql<number>`sum(${d.stake} - ${d.payout} + ${d.insurancePremiums} - ${d.insurancePayouts}
    - ${d.rebates} - ${d.bonuses} - ${d.depositFees} - ${d.withdrawalFees})`;
  const rows = db
    .select(selection(sql`''`, base))
    .from(d)
    .where(and(between(d.day, monday, addDays(monday, 6)), inTeam(db, within)))
    .groupBy(d.userId)
    .having(ne(base, 0))
    .as('bases');
  return withPaths(db, rows, within, gt(agentProfiles.dividendRatioBp, 0));
}

function inTeam(db: Conn, within: number | undefined): SQL | undefined {
  if (within === undefined) return undefined;
  const team = teamOf(db, within, 'team');
  return inArray(agentDaily.userId, db.select({ id: team.id }).from(team));
}

/** The columns of a bases subquery: a member, a game type and its base. */
const selection = (gameType: SQL<RollupGameType>, base: SQL<number>) => ({
  memberId: sql<number>`${agentDaily.userId}`.as('member_id'),
  gameType: gameType.as('game_type'),
  base: base.as('base'),
});
type BaseRows = SubqueryWithSelection<ReturnType<typeof selection>, 'bases'>;

/**
 * The bases with each member's path (one query): the agents that `earns`, nearest first, none
 * above `within`.
 */
async function withPaths(db: Conn, bases: BaseRows, within: number | undefined, earns: SQL): Promise<PathBase[]> {
  const up = uplinesOf(db);
  const query = db
    .select({ memberId: bases.memberId, gameType: bases.gameType, base: bases.base, agentId: up.agentId })
    .from(bases)
    .innerJoin(up, eq(up.memberId, bases.memberId))
    .innerJoin(agentProfiles, and(eq(agentProfiles.userId, up.agentId), earns));
  let rows;
  if (within === undefined) {
    rows = await query.orderBy(asc(bases.memberId), asc(bases.gameType), asc(up.depth));
  } else {
    // The member's depth below `within` bounds its agents' depth above it.
    const team = teamOf(db, within, 'team');
    rows = await query
      .innerJoin(team, and(eq(team.id, bases.memberId), lte(up.depth, team.depth)))
      .orderBy(asc(bases.memberId), asc(bases.gameType), asc(up.depth));
  }
  const paths: PathBase[] = [];
  let last: PathBase | undefined;
  for (const r of rows) {
    // Selected through a subquery: bigint sums and ids may arrive as text.
    const memberId = Number(r.memberId);
    if (!last || last.memberId !== memberId || last.gameType !== r.gameType) {
      last = { memberId, gameType: r.gameType, base: Number(r.base), chain: [] };
      paths.push(last);
    }
    last.chain.push(r.agentId);
  }
  return paths;
}
