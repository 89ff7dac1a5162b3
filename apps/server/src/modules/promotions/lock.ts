import { lockKey, lockKeys, type Tx } from '../../platform/db.js';

/** Arbitrary constant: first key of the per-player advisory lock of promotions. */
const PROMOTION_LOCK_SPACE = 3_315;

/**
 * Holds the player's promotions lock until the transaction ends. Applying and a deposit's credit
 * both take it, so an apply for the first-deposit bonus and the first deposit cannot cross: either
 * the deposit sees the pending application (and decides it), or the apply sees the deposit (and is
 * refused); a player's deposits count against a daily cap one at a time.
 */
export const lockPlayerPromotions = (tx: Tx, userId: number): Promise<void> =>
  lockKey(tx, PROMOTION_LOCK_SPACE, userId);

/** lockPlayerPromotions of many players (a batch's depositors), in id order, in one statement. */
export const lockPlayersPromotions = (tx: Tx, userIds: number[]): Promise<void> =>
  lockKeys(tx, PROMOTION_LOCK_SPACE, userIds);
