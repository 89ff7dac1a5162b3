import { orderTimeline } from '../../platform/timeline.js';
import { depositOrders } from './tables.js';

/** The player's deposit orders for their timeline (platform/timeline.ts), as they stand now. */
export const depositTimeline = orderTimeline('deposit', depositOrders, {
  id: depositOrders.id,
  at: depositOrders.createdAt,
  orderNo: depositOrders.orderNo,
  amount: depositOrders.amount,
  status: depositOrders.status,
});
