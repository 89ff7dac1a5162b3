/** Decimal odds with two or three places: 1.9 → '1.90', 1.875 → '1.875'. */
export function formatOdds(odds: number): string {
  const milli = Math.round(odds * 1000);
  return milli % 10 === 0 ? (milli / 1000).toFixed(2) : (milli / 1000).toFixed(3);
}
