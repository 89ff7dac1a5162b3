import { settlementJob } from './modules/agents/settlement/job.js';
import { reportDaysJob } from './modules/bets/service.js';
import { feedStaleJob } from './modules/feed/stale.js';
import { expireDepositsJob } from './modules/payments/jobs.js';
import { promotionPeriodJob } from './modules/promotions/service.js';
import { rewardExpiryJob } from './modules/rewards/service.js';
import { linkedSidesJob } from './modules/taiqiu/service.js';
import { vipGiftJobs } from './modules/vip/service.js';
import type { AppContext } from './platform/context.js';
import type { Job } from './platform/scheduler.js';

/**
 * The periodic jobs every instance's scheduler runs (docs/design.md §2): one instance at a time per
 * job by its advisory lock, each period once by its keys; among them the data feed's stale watch
 * the sweep for linked players on opposite sides and the
 * profit and loss's cache of closed days.
 */
export function periodicJobs(ctx: AppContext): Job[] {
  return [
    expireDepositsJob,
    rewardExpiryJob,
    ...vipGiftJobs(ctx),
    promotionPeriodJob(ctx),
    settlementJob(ctx),
    feedStaleJob(ctx),
    linkedSidesJob(ctx),
    reportDaysJob,
  ];
}
