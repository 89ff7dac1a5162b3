import type { rebates } from '@breakshot/contracts';
import type { RebateClaimRow } from './tables.js';

/** A claim as the player's logs show it. */
export const claimView = (row: RebateClaimRow): rebates.RebateClaimed => ({
  id: row.id,
  amount: row.amount,
  items: row.items,
  createdAt: row.createdAt.toISOString(),
});
