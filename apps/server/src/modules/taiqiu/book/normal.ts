/*
 * The standard normal distribution, for the frame model (frame-model.ts): its CDF by the
 * Abramowitz–Stegun erf approximation 7.1.26 (error under 1.5e-7) and its inverse by bisection.
 */

export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The z with normalCdf(z) = p, for p in (0, 1). */
export function normalQuantile(p: number): number {
  let [lo, hi] = [-9, 9];
  for (let i = 0; i < 60; i += 1) {
    const mid = (lo + hi) / 2;
    if (normalCdf(mid) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
