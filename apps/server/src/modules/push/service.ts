/** Web push (docs/design.md §2, "Web push"): what the composition files use. */
export {
  betsSettledPush,
  depositsCreditedPush,
  matchStartedPush,
  messageSentPush,
  withdrawalPaidPush,
  withdrawalRejectedPush,
} from './notices.js';
export { startDelivery } from './delivery.js';
export { pushRoutes } from './routes.js';
