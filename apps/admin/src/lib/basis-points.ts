/** Rates travel in basis points (80 = 0.80 %); the operator reads and types percent. */
export const percent = (bp: number): string => `${(bp / 100).toFixed(2)}%`;

/** Percent typed with up to two decimals → basis points. */
export const toBp = (pct: number): number => Math.round(pct * 100);
