import type { taiqiu } from '@breakshot/contracts';

/*
 * Probabilities and odds. Frames are independent, player a winning each with chance p; from a
 * score, every final score has a probability, and every market's outcome follows from the final
 * score. Odds carry the margin; selections whose outcome is settled close the market.
 */

export interface Score {
  a: number;
  b: number;
}

/** The bookmaker's margin over fair odds. */
export const MARGIN = 0.06;
export const MIN_ODDS_MILLI = 1_010;
export const MAX_ODDS_MILLI = 50_000;

export const PICKS_OF: Record<taiqiu.MarketType, [taiqiu.Pick, taiqiu.Pick]> = {
  winner: ['a', 'b'],
  handicap: ['a', 'b'],
  total: ['over', 'under'],
  oddeven: ['odd', 'even'],
};

export const framesToWin = (bestOf: number) => (bestOf + 1) / 2;

/** A finished score: one side has won the frames needed, the other fewer. */
export const isFinal = (bestOf: number, s: Score) => {
  const need = framesToWin(bestOf);
  return (s.a === need) !== (s.b === need) && s.a <= need && s.b <= need;
};

/** A score while playing: neither side has won yet. */
export const isLive = (bestOf: number, s: Score) => s.a < framesToWin(bestOf) && s.b < framesToWin(bestOf);

/** Each final score reachable from `from`, with its probability. */
export function finalScores(p: number, bestOf: number, from: Score): { score: Score; prob: number }[] {
  const need = framesToWin(bestOf);
  const found = new Map<string, { score: Score; prob: number }>();
  const walk = (a: number, b: number, prob: number) => {
    if (a === need || b === need) {
      const key = `${a}:${b}`;
      const entry = found.get(key) ?? { score: { a, b }, prob: 0 };
      entry.prob += prob;
      found.set(key, entry);
      return;
    }
    walk(a + 1, b, prob * p);
    walk(a, b + 1, prob * (1 - p));
  };
  walk(from.a, from.b, 1);
  return [...found.values()];
}

/**
 * Whether a selection won, lost, or is void (a push: the handicap or total lands exactly on a
 * whole line) for a final score. `line` is the handicap given to player a, or the total line.
 */
export function outcomeOf(
  type: taiqiu.MarketType,
  line: number | null,
  pick: taiqiu.Pick,
  final: Score,
): 'won' | 'lost' | 'void' {
  const total = final.a + final.b;
  const won = (yes: boolean) => (yes ? 'won' : 'lost');
  switch (type) {
    case 'winner':
      return won(final.a > final.b === (pick === 'a'));
    case 'handicap': {
      const margin = final.a - final.b + (line ?? 0);
      return margin === 0 ? 'void' : won(margin > 0 === (pick === 'a'));
    }
    case 'total':
      return total === line ? 'void' : won(total > (line ?? 0) === (pick === 'over'));
    case 'oddeven':
      return won((total % 2 === 1) === (pick === 'odd'));
  }
}

export interface Price {
  /** The outcome is already certain: the market closes. */
  decided: boolean;
  /** Odds × 1000 of each pick. */
  odds: Partial<Record<taiqiu.Pick, number>>;
}

/** Odds of a market from the score: (1 − P(push)) / (P(win) × (1 + margin)), two decimals. */
export function priceMarket(
  type: taiqiu.MarketType,
  line: number | null,
  p: number,
  bestOf: number,
  score: Score,
): Price {
  const finals = finalScores(p, bestOf, score);
  const chance = (pick: taiqiu.Pick, outcome: 'won' | 'void') =>
    finals.filter((f) => outcomeOf(type, line, pick, f.score) === outcome).reduce((sum, f) => sum + f.prob, 0);
  const [first, second] = PICKS_OF[type];
  const push = chance(first, 'void');
  const wins = [first, second].map((pick) => ({ pick, win: chance(pick, 'won') }));
  const decided = Math.max(push, ...wins.map((w) => w.win)) > 0.9999;
  const odds: Price['odds'] = {};
  for (const { pick, win } of wins) {
    const fair = win > 0 ? (1 - push) / (win * (1 + MARGIN)) : Infinity;
    odds[pick] = Math.min(MAX_ODDS_MILLI, Math.max(MIN_ODDS_MILLI, Math.floor(fair * 100) * 10));
  }
  return { decided, odds };
}

/** Frames given to player a: −1.5 when a is the favourite, +1.5 otherwise. */
export const defaultHandicapLine = (p: number) => (p >= 0.5 ? -1.5 : 1.5);

/** The half-frame total line nearest an even chance before the first frame. */
export function defaultTotalLine(p: number, bestOf: number): number {
  const need = framesToWin(bestOf);
  const finals = finalScores(p, bestOf, { a: 0, b: 0 });
  let best = need + 0.5;
  let bestGap = Infinity;
  for (let k = need; k <= 2 * need - 2; k += 1) {
    const over = finals.filter((f) => f.score.a + f.score.b > k + 0.5).reduce((s, f) => s + f.prob, 0);
    const gap = Math.abs(over - 0.5);
    if (gap < bestGap) [best, bestGap] = [k + 0.5, gap];
  }
  return best;
}
