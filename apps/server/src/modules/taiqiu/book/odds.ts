import type { Chances, Pick } from './kind.js';

/*
 * Odds from chances: the fair price (1 − P(void)) / P(win) less the margin, rounded down to the
 * hundredth, ×1000. A market any pick of which is too likely (fair odds under 1.05) is not
 * offered until it is decided: no price there is both fair and above the 1.01 floor.
 */

export const MIN_ODDS_MILLI = 1_010;
export const MAX_ODDS_MILLI = 500_000;
/** A pick likelier than this makes its market too short to offer. */
export const SHORT_CHANCE = 0.95;

export function oddsOf(chances: Chances, marginBp: number): Partial<Record<Pick, number>> {
  const odds: Partial<Record<Pick, number>> = {};
  for (const [pick, win] of Object.entries(chances.win) as [Pick, number][]) {
    const fair = win > 0 ? (1 - chances.void) / (win * (1 + marginBp / 10_000)) : Infinity;
    odds[pick] = Math.min(MAX_ODDS_MILLI, Math.max(MIN_ODDS_MILLI, Math.floor(fair * 100) * 10));
  }
  return odds;
}

/** Some pick is so likely that its market is not offered for now. */
export const isShort = (chances: Chances) =>
  Object.values(chances.win).some((win) => (win ?? 0) / Math.max(1e-12, 1 - chances.void) > SHORT_CHANCE);
