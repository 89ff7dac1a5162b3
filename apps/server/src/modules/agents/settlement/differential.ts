import type { RollupGameType } from '../report-tables.js';

/*
 * The differential arithmetic of commission and dividend (docs/design.md §8 Agents), pure so the
 * property test can drive it: each agent on a bettor's upline path earns the part of its rate
 * that the agents below it on that path do not already take.
 */

/** What one member brought on one game type ('' for a dividend), with its agents nearest first. */
export interface PathBase {
  memberId: number;
  gameType: RollupGameType;
  /** Commission: the valid bet (< 0 only after a result correction); dividend: the member's net loss after costs (may be < 0). */
  base: number;
  /** The member's ancestors in the invite tree, nearest (depth 1) first. */
  chain: number[];
}

export interface EarningLine {
  memberId: number;
  gameType: RollupGameType;
  base: number;
  /** The differential rate (commission) or ratio (dividend) in basis points. */
  rateBp: number;
  amount: number;
}

/**
 * Per agent, its lines: walking a member's chain nearest first, an agent earns base × (its rate −
 * the highest rate strictly below it on the path), never below 0, truncated toward zero to a
 * whole minor unit. Lines that come to 0 are left out.
 */
export function differentialLines(
  bases: readonly PathBase[],
  rateOf: (agentId: number, gameType: RollupGameType) => number,
): Map<number, EarningLine[]> {
  const lines = new Map<number, EarningLine[]>();
  for (const { memberId, gameType, base, chain } of bases) {
    let below = 0;
    for (const agentId of chain) {
      const rate = rateOf(agentId, gameType);
      const rateBp = rate - below;
      if (rateBp > 0) {
        const amount = Math.trunc((base * rateBp) / 10_000);
        if (amount !== 0) {
          const mine = lines.get(agentId) ?? [];
          mine.push({ memberId, gameType, base, rateBp, amount });
          lines.set(agentId, mine);
        }
        below = rate;
      }
    }
  }
  return lines;
}

/** Per agent (every ancestor on some path), per game type: the sum of its team's bases. */
export function teamBases(bases: readonly PathBase[]): Map<number, Map<RollupGameType, number>> {
  const sums = new Map<number, Map<RollupGameType, number>>();
  for (const { gameType, base, chain } of bases) {
    for (const agentId of chain) {
      const mine = sums.get(agentId) ?? new Map<RollupGameType, number>();
      mine.set(gameType, (mine.get(gameType) ?? 0) + base);
      sums.set(agentId, mine);
    }
  }
  return sums;
}

export const sumOf = (values: Iterable<number>): number => {
  let total = 0;
  for (const v of values) total += v;
  return total;
};
