/** A rate in basis points as a percentage: 80 → '0.80%', 125 → '1.25%'. */
export const formatRateBp = (bp: number): string => `${(bp / 100).toFixed(2)}%`;
