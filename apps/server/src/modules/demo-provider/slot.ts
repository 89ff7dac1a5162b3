import { floats } from '../../platform/fair.js';

/*
 * 幸运九宫格 / Lucky Nine: three reels showing three symbols each, five paylines (the three rows
 * and the two diagonals), each carrying a fifth of the stake. A line pays three of a kind, or
 * three fruits of any kind. Each reel stops at a position drawn from one provably fair number,
 * so every stop combination is equally likely and the return to player is exact:
 * test/demo-provider/slot.test.ts enumerates the 25³ combinations and finds STATED_RTP.
 */

/** Lowest to highest; the first four are fruits. */
export const SYMBOLS = ['cherry', 'lemon', 'orange', 'grape', 'bell', 'diamond', 'seven'] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];
const FRUITS = 4;

/**
 * The reel strips, as indexes into SYMBOLS; a stop at position p shows p, p + 1, p + 2 (wrapping)
 * on the top, middle and bottom rows. The high symbols sit together, as on real strips: fewer
 * but larger wins than spread out, at the same return.
 */
export const REELS: readonly (readonly number[])[] = [
  [3, 3, 3, 0, 2, 3, 1, 2, 1, 3, 0, 1, 4, 4, 6, 4, 4, 1, 2, 3, 0, 1, 2, 5, 2],
  [1, 3, 2, 4, 6, 5, 5, 5, 4, 4, 0, 1, 1, 2, 3, 3, 2, 1, 2, 0, 0, 3, 2, 1, 2],
  [1, 0, 2, 1, 2, 3, 2, 1, 3, 3, 6, 4, 4, 5, 4, 4, 3, 2, 3, 1, 0, 3, 2, 0, 1],
];

/** The row each payline takes on reels 1, 2 and 3. */
export const PAYLINES: readonly (readonly [number, number, number])[] = [
  [0, 0, 0],
  [1, 1, 1],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/** Three of a kind on a line, in line bets (a line bet is stake ÷ 5). */
export const THREE_OF_A_KIND: Readonly<Record<SlotSymbol, number>> = {
  cherry: 3,
  lemon: 4,
  orange: 5,
  grape: 6,
  bell: 12,
  diamond: 25,
  seven: 50,
};
/** Three fruits, not all the same, on a line, in line bets. */
export const ANY_FRUITS = 2;

/** The return to player the pay table gives, exactly (the test enumerates every stop). */
export const STATED_RTP = 0.96;

/** Stake presets in cents; each divides into five whole-cent line bets. */
export const STAKES = [100, 200, 500, 1000, 2000] as const;

export interface LineWin {
  /** Index into PAYLINES. */
  line: number;
  /** The symbol of three of a kind, or 'fruits'. */
  kind: SlotSymbol | 'fruits';
  /** In line bets. */
  pays: number;
}

export interface SpinResult {
  /** Stop position of each reel. */
  stops: number[];
  /** grid[row][reel]. */
  grid: SlotSymbol[][];
  wins: LineWin[];
  /** Sum of the wins, in line bets. */
  lineBets: number;
}

/** What one line of three symbol indexes pays, in line bets. */
function linePays(a: number, b: number, c: number): number {
  if (a === b && b === c) return THREE_OF_A_KIND[SYMBOLS[a]!];
  return a < FRUITS && b < FRUITS && c < FRUITS ? ANY_FRUITS : 0;
}

/** The spin of these reel stops. */
export function spinAt(stops: readonly number[]): SpinResult {
  const cell = (row: number, reel: number) => REELS[reel]![(stops[reel]! + row) % REELS[reel]!.length]!;
  const grid = [0, 1, 2].map((row) => [0, 1, 2].map((reel) => SYMBOLS[cell(row, reel)]!));
  const wins: LineWin[] = [];
  PAYLINES.forEach((rows, line) => {
    const [a, b, c] = rows.map((row, reel) => cell(row, reel)) as [number, number, number];
    const pays = linePays(a, b, c);
    if (pays > 0) wins.push({ line, kind: a === b && b === c ? SYMBOLS[a]! : 'fruits', pays });
  });
  return { stops: [...stops], grid, wins, lineBets: wins.reduce((sum, w) => sum + w.pays, 0) };
}

/** The spin of a round: each reel's stop from one number of HMAC-SHA256(seed, `${clientSeed}:${nonce}:0`). */
export function drawSpin(serverSeed: string, clientSeed: string, nonce: number): SpinResult {
  const xs = floats(serverSeed, clientSeed, nonce, REELS.length);
  return spinAt(REELS.map((strip, reel) => Math.floor(xs[reel]! * strip.length)));
}

/** The payout of a spin at this stake, in cents. */
export const slotPayout = (stake: number, spin: SpinResult): number => (stake / PAYLINES.length) * spin.lineBets;
