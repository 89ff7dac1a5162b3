/**
 * Cash-out arithmetic in integers (minor units): a part of the running stake cashes out for its
 * share of the value, rounded down, as the server computes it.
 */

/** floor(value × part / runningStake), in BigInt so no product loses a unit; 0 when nothing runs. */
export function partValue(value: number, part: number, runningStake: number): number {
  if (runningStake <= 0 || part <= 0) return 0;
  return Number((BigInt(value) * BigInt(part)) / BigInt(runningStake));
}

/** The quick parts of the running stake, percent. */
export const QUICK_PERCENTS = [25, 50, 75] as const;

/** floor(runningStake × percent / 100). */
export const percentPart = (runningStake: number, percent: number): number =>
  Number((BigInt(runningStake) * BigInt(percent)) / 100n);

export type PartError = 'required' | 'format' | 'tooLarge' | 'tooSmall';

/**
 * Why a part cannot be cashed out, or null: nothing typed, not an amount (or 0), more than the
 * running stake, or a share of the value that rounds to nothing.
 */
export function partError(
  part: number | null,
  typed: string,
  quote: { value: number; runningStake: number },
): PartError | null {
  if (typed.trim() === '') return 'required';
  if (part === null || part <= 0) return 'format';
  if (part > quote.runningStake) return 'tooLarge';
  if (partValue(quote.value, part, quote.runningStake) <= 0) return 'tooSmall';
  return null;
}

/**
 * When a quote stops being offered on this phone's clock: its expiresAt, within the quote's life
 * from now (a phone whose clock is off by more than that counts the whole life from the answer).
 */
export function quoteDeadline(expiresAt: string, now: number, ttlMs: number): number {
  const left = Date.parse(expiresAt) - now;
  return now + (Number.isFinite(left) && left > 0 && left <= ttlMs ? left : ttlMs);
}
