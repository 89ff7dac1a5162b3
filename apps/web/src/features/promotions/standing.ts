/** Where a figure stands on rising tiers: the highest tier it reached and the next one. */
export function standing<T>(tiers: readonly T[], value: number, threshold: (t: T) => number) {
  const reachedIndex = tiers.reduce((found, tier, i) => (value >= threshold(tier) ? i : found), -1);
  return {
    reachedIndex,
    reached: reachedIndex >= 0 ? tiers[reachedIndex] : undefined,
    next: tiers[reachedIndex + 1] as T | undefined,
  };
}
