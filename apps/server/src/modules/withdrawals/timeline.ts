import { orderTimeline } from '../../platform/timeline.js';
import { withdrawalOrders } from './tables.js';

/** The player's withdrawal orders for their timeline (platform/timeline.ts), as they stand now. */
export const withdrawalTimeline = orderTimeline('withdrawal', withdrawalOrders, {
  id: withdrawalOrders.id,
  at: withdrawalOrders.createdAt,
  orderNo: withdrawalOrders.orderNo,
  amount: withdrawalOrders.amount,
  status: withdrawalOrders.status,
});
