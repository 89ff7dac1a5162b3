import { and, asc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import { formatMoney } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Tx } from '../../platform/db.js';
import type { Job } from '../../platform/scheduler.js';
import { getSysConfig } from '../system/service.js';
import { grantKeys, grantUnder, rejectPending, type Reason } from './decisions.js';
import { tierReached, withinCap } from './rules.js';
import { promotionApplications, promotions } from './tables.js';
import { grantTitles } from './titles.js';

/** Applications decided per run and kind: a larger backlog is served by the next runs. */
const BATCH = 500;

/**
 * Decides the applications whose time is over: a slots-turnover week that ended is granted the
 * highest tier its progress reached (within the cap) or rejected below the lowest; a reload day
 * or agent-starter month that ended without a grant is rejected; a first-deposit application
 * whose promotion ended before the first deposit is rejected. Each decision is a compare-and-set
 * of a pending row and each grant keyed, so a second run (or instance) decides nothing again.
 */
export async function decideEndedPeriods(tx: Tx, ctx: AppContext, now: Date): Promise<number> {
  // Periods that ended a while ago: a bet or deposit of the period's last moment may still be
  // committing its progress or grant when the period ends.
  const endedBy = new Date(now.getTime() - SETTLE_GRACE_MS);
  return (await gradeSlotsWeeks(tx, ctx, endedBy, now)) + (await lapseUnmet(tx, endedBy, now));
}

const SETTLE_GRACE_MS = 5 * 60_000;

async function gradeSlotsWeeks(tx: Tx, ctx: AppContext, endedBy: Date, now: Date): Promise<number> {
  const ended = await tx
    .select({ a: promotionApplications, p: promotions })
    .from(promotionApplications)
    .innerJoin(promotions, eq(promotions.id, promotionApplications.promotionId))
    .where(
      and(
        eq(promotionApplications.status, 'pending'),
        lte(promotionApplications.periodEndsAt, endedBy),
        eq(promotions.type, 'slots_turnover'),
      ),
    )
    .orderBy(asc(promotionApplications.id))
    .limit(BATCH)
    .for('update', { of: promotionApplications });
  let decided = 0;
  let symbol: string | undefined;
  for (const { a, p } of ended) {
    if (p.rules.type !== 'slots_turnover') continue;
    const tier = tierReached(p.rules.tiers, (t) => t.validBet, a.progress);
    const bonus = tier ? withinCap(tier.bonus, p.capAmount, 0) : 0;
    if (tier && bonus > 0) {
      const title = grantTitles.slotsTurnover(a.periodKey);
      if (await grantUnder(tx, ctx, { promotion: p, application: a, amount: bonus, key: grantKeys.period(a), title }))
        decided += 1;
      continue;
    }
    symbol ??= (await getSysConfig(tx)).currencySymbol;
    const reason: Reason = {
      key: 'promotionSlotsBelowTier',
      params: { validBet: formatMoney(a.progress, symbol), min: formatMoney(p.rules.tiers[0]!.validBet, symbol) },
    };
    if (await rejectPending(tx, a.id, reason, now)) decided += 1;
  }
  return decided;
}

/** Rejects, in one statement per reason, the pending applications that can no longer be granted. */
async function lapseUnmet(tx: Tx, endedBy: Date, now: Date): Promise<number> {
  const lapse = async (reason: Reason, which: SQL | undefined) => {
    const ids = tx
      .select({ id: promotionApplications.id })
      .from(promotionApplications)
      .innerJoin(promotions, eq(promotions.id, promotionApplications.promotionId))
      .where(and(eq(promotionApplications.status, 'pending'), which))
      .orderBy(asc(promotionApplications.id))
      .limit(BATCH);
    const rows = await tx
      .update(promotionApplications)
      .set({ status: 'rejected', reasonKey: reason.key, reasonParams: null, updatedAt: now })
      .where(and(inArray(promotionApplications.id, ids), eq(promotionApplications.status, 'pending')))
      .returning({ id: promotionApplications.id });
    return rows.length;
  };
  const periodEnded = lte(promotionApplications.periodEndsAt, endedBy);
  return (
    (await lapse({ key: 'promotionNoDeposit' }, and(periodEnded, eq(promotions.type, 'reload')))) +
    (await lapse({ key: 'promotionNoMember' }, and(periodEnded, eq(promotions.type, 'agent_starter')))) +
    (await lapse(
      { key: 'promotionEndedUnmet' },
      and(eq(promotions.type, 'first_deposit'), lte(promotions.endsAt, endedBy)),
    ))
  );
}

/** The period job: every minute, decides what ended (idempotent; one instance at a time by its lock). */
export function promotionPeriodJob(ctx: AppContext): Job {
  return {
    name: 'promotion-periods',
    everyMs: 60_000,
    lockKey: 8_027_001,
    run: (tx, now) => decideEndedPeriods(tx, ctx, now),
  };
}
