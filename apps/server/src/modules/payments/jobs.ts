import type { Job } from '../../platform/scheduler.js';
import { expireDeposits } from './service.js';

/** Every minute, PENDING deposit orders past their 30 minutes become EXPIRED. */
export const expireDepositsJob: Job = {
  name: 'expire-deposits',
  everyMs: 60_000,
  lockKey: 3_302,
  run: (tx, now) => expireDeposits(tx, now),
};
