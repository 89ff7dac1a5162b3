import { max } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.js';
import type { Tx } from '../../../platform/db.js';
import type { Job } from '../../../platform/scheduler.js';
import { addDays, localDate, mondayOf } from '../../../platform/time-range.js';
import { getSysConfig } from '../../system/service.js';
import { agentSettlements, ROLLUP_GRACE_MS } from '../report-tables.js';
import { settleIn, type SettlementResult } from './settle.js';

/** A period is settled this long after it ended, once its roll-ups are final. */
const SETTLE_GRACE_MS = ROLLUP_GRACE_MS;

/**
 * Settles what is due, oldest first: every commission day up to yesterday and every dividend
 * week up to last week that follows the last one settled (from yesterday and last week when none
 * was), so days missed while no server ran are caught up and weeks settle in order (a week's
 * carry-over needs the week before). The periods are those of the site day `SETTLE_GRACE_MS` ago.
 */
export async function settleDuePeriods(tx: Tx, ctx: AppContext, now: Date): Promise<SettlementResult[]> {
  const today = localDate(new Date(now.getTime() - SETTLE_GRACE_MS), (await getSysConfig(tx)).timeZone);
  const latest = { commission: addDays(today, -1), dividend: addDays(mondayOf(today), -7) };
  const last = await tx
    .select({ kind: agentSettlements.kind, period: max(agentSettlements.period) })
    .from(agentSettlements)
    .groupBy(agentSettlements.kind);
  const results: SettlementResult[] = [];
  for (const kind of ['commission', 'dividend'] as const) {
    const step = kind === 'commission' ? 1 : 7;
    const lastSettled = last.find((l) => l.kind === kind)?.period;
    for (
      let period = lastSettled ? addDays(lastSettled, step) : latest[kind];
      period <= latest[kind];
      period = addDays(period, step)
    ) {
      results.push(await settleIn(tx, ctx, kind, period, now));
    }
  }
  return results;
}

/** The settlement job: every few minutes, what is due (one instance at a time by its lock; a period once by its marker). */
export function settlementJob(ctx: AppContext): Job {
  return {
    name: 'agent-settlement',
    everyMs: 5 * 60_000,
    lockKey: 8_029_001,
    run: (tx, now) => settleDuePeriods(tx, ctx, now),
  };
}
