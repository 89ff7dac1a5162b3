import { and, eq } from 'drizzle-orm';
import { ErrorCode, type Lang, type promotions as contract } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, type Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { getSysConfig } from '../system/service.js';
import { visiblePromotion } from './catalogue.js';
import { playerState, refusalError, refusalOf } from './eligibility.js';
import { grantKeys, grantUnder } from './decisions.js';
import { lockPlayerPromotions } from './lock.js';
import { periodAt, type Period } from './periods.js';
import { claimableUntil, withinCap } from './rules.js';
import { promotionApplications, promotionSlips, type ApplicationRow, type PromotionRow } from './tables.js';
import { grantTitles } from './titles.js';
import { applicationView } from './views.js';

type LuckyRules = Extract<contract.PromotionRules, { type: 'lucky_slip' }>;

/**
 * Applies for the promotion's current period (promotion/apply): refused as refusalOf says (404
 * when not visible). The fee waiver starts granted (it grows by the fees it waives), a lucky slip
 * is claimed and paid at once, the others wait pending for their condition.
 */
export async function applyPromotion(
  ctx: AppContext,
  userId: number,
  input: { id: number; betNo?: string | undefined },
  lang: Lang,
): Promise<contract.PromotionApplication> {
  const now = ctx.now();
  const p = await visiblePromotion(ctx.db, input.id, now);
  const period = periodAt(p.type, now, (await getSysConfig(ctx.db)).timeZone);
  const row = await inTransaction(ctx.db, async (tx) => {
    await lockPlayerPromotions(tx, userId);
    const refusal = refusalOf(p, await playerState(tx, userId, [p.id], now), now);
    if (refusal) throw refusalError(refusal);
    if (p.rules.type === 'lucky_slip') return claimSlip(tx, ctx, { p, rules: p.rules, userId, period }, input.betNo);
    return insertApplication(tx, { p, userId, period, now }, p.type === 'fee_waiver' ? 'granted' : 'pending');
  });
  return applicationView(row, p, lang);
}

interface Applying {
  p: PromotionRow;
  userId: number;
  period: Period;
}

/** The application of the period; the unique key (promotion, player, period) refuses a second one, at once or later (409). */
async function insertApplication(
  tx: Tx,
  a: Applying & { now: Date },
  status: contract.ApplicationStatus,
): Promise<ApplicationRow> {
  const [row] = await tx
    .insert(promotionApplications)
    .values({
      promotionId: a.p.id,
      userId: a.userId,
      periodKey: a.period.key,
      periodEndsAt: a.period.endsAt,
      status,
      createdAt: a.now,
      updatedAt: a.now,
    })
    .onConflictDoNothing({
      target: [promotionApplications.promotionId, promotionApplications.userId, promotionApplications.periodKey],
    })
    .returning();
  if (!row) throw new AppError(ErrorCode.CONFLICT, 'promotionApplied');
  return row;
}

/**
 * Claims one of the player's qualifying slips (the day's application, granted its bonus at once):
 * a slip of another player or of no promotion does not qualify; a claimed or overdue one is refused.
 */
async function claimSlip(
  tx: Tx,
  ctx: AppContext,
  a: Applying & { rules: LuckyRules },
  betNo: string | undefined,
): Promise<ApplicationRow> {
  if (!betNo) throw new AppError(ErrorCode.UNPROCESSABLE, 'promotionSlipRequired');
  const now = ctx.now();
  const slipOf = and(eq(promotionSlips.promotionId, a.p.id), eq(promotionSlips.betNo, betNo));
  const [slip] = await tx
    .select()
    .from(promotionSlips)
    .where(and(slipOf, eq(promotionSlips.userId, a.userId)))
    .for('update');
  if (!slip) throw new AppError(ErrorCode.UNPROCESSABLE, 'promotionSlipNotQualified');
  if (slip.applicationId !== null) throw new AppError(ErrorCode.UNPROCESSABLE, 'promotionSlipClaimed');
  if (now >= claimableUntil(slip.settledAt, a.rules.claimDays)) {
    throw new AppError(ErrorCode.UNPROCESSABLE, 'promotionSlipExpired');
  }
  const application = await insertApplication(tx, { ...a, now }, 'pending');
  await tx.update(promotionSlips).set({ applicationId: application.id }).where(slipOf);
  const granted = await grantUnder(tx, ctx, {
    promotion: a.p,
    application,
    amount: withinCap(slip.bonus, a.p.capAmount, 0),
    key: grantKeys.slip(a.p.id, slip.betNo),
    title: grantTitles.luckySlip(slip.ending),
  });
  // The slip's reward exists already (it was paid under another row): nothing is written.
  if (!granted) throw new AppError(ErrorCode.UNPROCESSABLE, 'promotionSlipClaimed');
  const [row] = await tx.select().from(promotionApplications).where(eq(promotionApplications.id, application.id));
  return row!;
}
