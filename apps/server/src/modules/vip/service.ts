// The module's public face (VIP levels, docs/design.md §8). The pages' views and the operator's saves
// are reached through routes.ts and admin-routes.ts (see views.ts for why).
export { vipLevelOf } from '../auth/service.js';
export {
  changeVipProgressAll,
  recordVipProgress,
  recordVipProgressAll,
  progressOf,
  type VipProgressEvent,
} from './progress.js';
export { grantPeriodGifts, vipGiftJobs } from './gifts.js';
