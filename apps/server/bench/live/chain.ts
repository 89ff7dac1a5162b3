/*
 * A chain of ledger transfers over a list of players: transfer k moves AMOUNT from player k to
 * player k + stride, so each player but the first `stride` (funded beforehand) passes on what it
 * received `stride` transfers earlier. Every balance is then known in advance (a receiver goes
 * 0 → AMOUNT, a sender AMOUNT → 0), and an event (player, balance) names the transfer it tells of.
 * The longer the stride, the further a writer may fall behind before a transfer waits on another.
 */

export const AMOUNT = 100;

export interface ChainPlan {
  /** The chain's players, by user id, in chain order. */
  userIds: number[];
  /** Transfers a second. */
  rate: number;
  seconds: number;
  /** Transfers between a player's receiving and passing on. */
  stride: number;
}

/** Transfers in the chain. */
export const chainLength = (plan: ChainPlan): number => plan.rate * plan.seconds;

/** Transfer k's sender and receiver (user ids). */
export function chainLink(plan: ChainPlan, k: number): { from: number; to: number } {
  return { from: plan.userIds[k]!, to: plan.userIds[k + plan.stride]! };
}
