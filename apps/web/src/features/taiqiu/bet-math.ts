/**
 * Bet slip arithmetic in integers: stakes and returns are minor units, odds have at most three
 * decimals, so odds are taken as thousandths and the return is floor(stake × odds) exactly as
 * the server computes it.
 */
import { returnOf } from '@breakshot/contracts/money';

export const oddsMilli = (odds: number): number => Math.round(odds * 1000);

/** floor(stake × odds), stake included (the server's returnOf). */
export const potentialReturn = (stake: number, odds: number): number => returnOf(stake, oddsMilli(odds));

export type StakeError = 'required' | 'format' | 'min' | 'max' | 'balance';

/**
 * Why a stake cannot be placed, or null: nothing typed, not an amount, below the market's
 * minimum, above its maximum, or more than the balance (when known).
 */
export function stakeError(
  stake: number | null,
  typed: string,
  limits: { minStake: number; maxStake: number },
  balance: number | null,
): StakeError | null {
  if (typed.trim() === '') return 'required';
  if (stake === null || stake <= 0) return 'format';
  if (stake < limits.minStake) return 'min';
  if (stake > limits.maxStake) return 'max';
  if (balance !== null && stake > balance) return 'balance';
  return null;
}

/** Quick stake chips (yuan) that fit the market's limits, in minor units. */
export function quickStakes(limits: { minStake: number; maxStake: number }): number[] {
  return [10, 50, 100, 500, 1000, 5000]
    .map((y) => y * 100)
    .filter((v) => v >= limits.minStake && v <= limits.maxStake)
    .slice(0, 4);
}
