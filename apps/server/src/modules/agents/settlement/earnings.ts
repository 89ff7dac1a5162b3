import type { bets } from '@breakshot/contracts';
import type { Conn } from '../../../platform/db.js';
import { termsOf } from '../console.js';
import type { RollupGameType } from '../report-tables.js';
import { differentialLines, sumOf, teamBases, type EarningLine } from './differential.js';
import { netLossBases, validBetBases } from './bases.js';
import { effectiveRate, platformTiers, tierRateOf } from './tiers.js';

/*
 * A period's earnings per agent as settlement computes them (docs/design.md §8 Agents): commission of
 * a day on its bettors' valid bet at the agents' effective rates, dividend of a week on its
 * members' net loss after costs at the agents' dividend ratios, both differential.
 */

export interface Earnings {
  /** Commission: the team's valid bet of the day; dividend: the team's net loss after costs. */
  base: number;
  lines: EarningLine[];
}

/** Per agent with a team bettor on `day`, its commission lines; `within`: only that agent's. */
export async function commissionsOn(db: Conn, day: string, within?: number): Promise<Map<number, Earnings>> {
  const bases = await validBetBases(db, day, within);
  const teams = teamBases(bases);
  // One after another: `db` may be a transaction (one connection).
  const tiers = await platformTiers(db);
  const terms = await termsOf(db, [...teams.keys()]);
  const rateOf = (agentId: number, gameType: RollupGameType) =>
    effectiveRate(
      terms.get(agentId)?.rates[gameType as bets.GameType] ?? 0,
      tierRateOf(tiers, gameType, teams.get(agentId)?.get(gameType as RollupGameType) ?? 0),
    );
  return earningsOf(teams, differentialLines(bases, rateOf), within);
}

/** Per agent with a team member active in the week from `monday`, its dividend lines (before carry-over). */
export async function dividendsOf(db: Conn, monday: string, within?: number): Promise<Map<number, Earnings>> {
  const bases = await netLossBases(db, monday, within);
  const teams = teamBases(bases);
  const terms = await termsOf(db, [...teams.keys()]);
  const ratioOf = (agentId: number) => terms.get(agentId)?.dividendRatioBp ?? 0;
  return earningsOf(teams, differentialLines(bases, ratioOf), within);
}

function earningsOf(
  teams: ReturnType<typeof teamBases>,
  lines: Map<number, EarningLine[]>,
  within: number | undefined,
): Map<number, Earnings> {
  const earnings = new Map<number, Earnings>();
  for (const [agentId, team] of teams) {
    if (within !== undefined && agentId !== within) continue;
    earnings.set(agentId, { base: sumOf(team.values()), lines: lines.get(agentId) ?? [] });
  }
  return earnings;
}
