// The module's public face: what other modules (the operator area) may call.
export { reviewWithdrawal, type ReviewAction } from './review.js';
export { listWithdrawals, paidWithdrawalsOf, withdrawalQueueCounts, withdrawalsByDay } from './queue.js';
export {
  dualApprovalAmount,
  setDualApprovalAmount,
  getWithdrawSettings,
  setWithdrawalsPerDay,
  withdrawalsPerDay,
} from './settings.js';
export { replaceFundPassword } from './fund-password.js';
export { withdrawalTimeline } from './timeline.js';
export { sealAccountNumbers } from './sealed-numbers.js';
export { withdrawalFiguresByMethod, withdrawalQueues, withdrawalsByPeriod } from './report-figures.js';
