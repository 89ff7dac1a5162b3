// The module's public face (promotions, docs/design.md §8): the hooks payments, bets and withdrawals
// call in their transactions, and the period job. The player's and operator's calls are reached
// through routes.ts and admin-routes.ts: applying reads payments (a first deposit made?), and
// payments calls the deposit hook, so exporting them here would make a cycle.
export { promotionsOnDeposits, type CreditedDeposit } from './deposits.js';
export {
  promotionsOnBetSettled,
  promotionsOnBetsResettled,
  promotionsOnBetsSettled,
  type SettledBet,
} from './settled-bets.js';
export { feeWaiverOf, useFeeWaiver, type FeeWaiver } from './fee-waiver.js';
export { decideEndedPeriods, promotionPeriodJob } from './period-job.js';
/** Running promotions' banners (the player app's /home, inlined into its page by platform/app-shell.ts). */
export { promotionBanners } from './banners.js';
