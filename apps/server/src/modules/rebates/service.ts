import { rebates } from '@breakshot/contracts';
import type { Conn } from '../../platform/db.js';
import { vipLevelOf } from '../auth/service.js';
import { rebateRateTable } from './rates.js';

// The module's public face (real-time rebates, docs/design.md §8).
export { accrueRebate, accrueRebateAll, changeRebateAll } from './accruals.js';
export { rebateSummary } from './claimable.js';
export { claimRebate } from './claim.js';
export { rebateLogs } from './logs.js';
export { rebateRateTable, setRebateRate, type Rates } from './rates.js';

/** The rates of every level and the claim rules (/user/fanshuiguize). */
export async function rebateRules(db: Conn, userId: number) {
  const [table, vipLevel] = await Promise.all([rebateRateTable(db), vipLevelOf(db, userId)]);
  return {
    levels: [...table].map(([level, rates]) => ({ vipLevel: level, rates })),
    minClaim: rebates.REBATE_MIN_CLAIM,
    intervalMinutes: rebates.REBATE_CLAIM_INTERVAL_MINUTES,
    vipLevel,
  };
}
