/* What other modules use of billiards: the data feed plays matches through these (docs/design.md §9). */
export { settleMatch } from './settlement.js';
export { afterMatchMoved, settlementsDone, type SettleLog } from './settle-soon.js';
export {
  applyFeedEvent,
  applyFeedSnapshot,
  feedHeard,
  feedMatchCounts,
  feedOfMatch,
  feedPositionOf,
  setFeedState,
  silentFeedMatches,
  type FeedMatchCounts,
  type FeedPosition,
  type FeedState,
} from './feed-play.js';
export { openAlertCount } from './trading/alerts.js';
export { linkedSidesJob } from './trading/linked-sides.js';
export { fansOf } from './favourites.js';
