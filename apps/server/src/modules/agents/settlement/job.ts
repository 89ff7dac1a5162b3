import { and, eq, or } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.js';
import type { Tx } from '../../../platform/db.js';
import type { Job } from '../../../platform/scheduler.js';
import { addDays, localDate, mondayOf } from '../../../platform/time-range.js';
import { getSysConfig } from '../../system/service.js';
import { agentSettlements, type SettlementKind } from '../report-tables.js';
import { settleIn, type SettlementResult } from './settle.js';

/**
 * A period is settled this long after it ended: an event of its last moment (a bet settling at
 * 23:59:59) may still be committing its roll-up when the day ends.
 */
const SETTLE_GRACE_MS = 5 * 60_000;

/**
 * Settles yesterday's commission and last week's dividend when not settled yet (one query when
 * they are). The periods are those of the site day `SETTLE_GRACE_MS` ago.
 */
export async function settleDuePeriods(tx: Tx, ctx: AppContext, now: Date): Promise<SettlementResult[]> {
  const today = localDate(new Date(now.getTime() - SETTLE_GRACE_MS), (await getSysConfig(tx)).timeZone);
  const due: Array<[SettlementKind, string]> = [
    ['commission', addDays(today, -1)],
    ['dividend', addDays(mondayOf(today), -7)],
  ];
  const settled = await tx
    .select({ kind: agentSettlements.kind, period: agentSettlements.period })
    .from(agentSettlements)
    .where(
      or(...due.map(([kind, period]) => and(eq(agentSettlements.kind, kind), eq(agentSettlements.period, period)))),
    );
  const results: SettlementResult[] = [];
  for (const [kind, period] of due) {
    if (settled.some((s) => s.kind === kind && s.period === period)) continue;
    results.push(await settleIn(tx, ctx, kind, period, now));
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
