import { z } from 'zod';
import { defineCall, empty, envelope, isoTime, money, pageRequest, pageResult } from './common.js';
import { gameType } from './bets.js';
import { rowId, str } from './fields.js';

/*
 * Promotions (优惠, docs/design.md §8 Promotions; docs/screens.md /user/youhui…). A player applies to a
 * promotion, which records a participation (an application) for the current period; the bonus is
 * granted as a reward (领奖, source promotion) when the type's condition is met, at most once per
 * period and player. The fee waiver grants no money: it takes the fee off withdrawals.
 */

export const promotionTypes = [
  'first_deposit',
  'reload',
  'lucky_slip',
  'fee_waiver',
  'slots_turnover',
  'agent_starter',
] as const;
export const promotionType = z.enum(promotionTypes, { error: 'invalid' });
export type PromotionType = z.infer<typeof promotionType>;

/** The period of the once-per-period rule, fixed by type (days, weeks and months in the site's time zone; weeks start Monday). */
export type PromotionPeriod = 'once' | 'day' | 'week' | 'month';
export const PROMOTION_PERIOD: Record<PromotionType, PromotionPeriod> = {
  first_deposit: 'once',
  reload: 'day',
  lucky_slip: 'day',
  fee_waiver: 'week',
  slots_turnover: 'week',
  agent_starter: 'month',
};

const amount = z.number().int('amount.integer').min(0, 'too_small').max(100_000_000, 'too_big');
const positiveAmount = z.number().int('amount.integer').positive('amount.positive').max(100_000_000, 'too_big');
const bigAmount = z.number().int('amount.integer').positive('amount.positive').max(10_000_000_000, 'too_big');

/** A deposit of at least minDeposit earns rateBps of it, at most maxBonus. */
export const depositTier = z.strictObject({
  minDeposit: positiveAmount,
  rateBps: z.number().int('invalid').min(1, 'too_small').max(10_000, 'too_big'),
  maxBonus: positiveAmount,
});
export type DepositTier = z.infer<typeof depositTier>;

const rising =
  <T>(key: (t: T) => number) =>
  (tiers: T[]) =>
    tiers.every((t, i) => i === 0 || key(t) > key(tiers[i - 1]!));
const depositTiers = z
  .array(depositTier)
  .min(1, 'required')
  .max(10, 'too_big')
  .refine(
    rising((t: DepositTier) => t.minDeposit),
    'tiers.rising',
  );

/**
 * What each type pays and when (the tier table of 活动内容). The deposit types use the highest tier
 * the deposit reaches; the slots type the highest tier the week's slots valid bet reaches.
 */
export const promotionRules = z.discriminatedUnion(
  'type',
  [
    /** The first credited deposit of a player who applied before it. */
    z.strictObject({ type: z.literal('first_deposit'), tiers: depositTiers }),
    /** Every credited deposit but the first, on a day the player applied; the period cap is the daily cap. */
    z.strictObject({ type: z.literal('reload'), tiers: depositTiers }),
    /**
     * A settled (won or lost) bet whose valid bet is at least minStake and whose number ends in one of the endings
     * earns that ending's bonus; the player claims it (apply with betNo) within claimDays of
     * settlement, one slip a day.
     */
    z.strictObject({
      type: z.literal('lucky_slip'),
      minStake: positiveAmount,
      claimDays: z.number().int('invalid').min(1, 'too_small').max(30, 'too_big'),
      tiers: z
        .array(
          z.strictObject({
            ending: z.string().regex(/^\d{2,6}$/, 'promotion.ending'),
            bonus: positiveAmount,
          }),
        )
        .min(1, 'required')
        .max(10, 'too_big'),
    }),
    /** After applying this week, once the valid bet since applying reaches minValidBet, the week's first freeWithdrawals withdrawals pay no fee. */
    z.strictObject({
      type: z.literal('fee_waiver'),
      freeWithdrawals: z.number().int('invalid').min(1, 'too_small').max(20, 'too_big'),
      minValidBet: amount,
    }),
    /** Slots (电子) valid bet of the week since applying: the highest tier reached is granted after the week ends. */
    z.strictObject({
      type: z.literal('slots_turnover'),
      tiers: z
        .array(z.strictObject({ validBet: bigAmount, bonus: positiveAmount }))
        .min(1, 'required')
        .max(10, 'too_big')
        .refine(
          rising((t: { validBet: number }) => t.validBet),
          'tiers.rising',
        ),
    }),
    /** Each direct member (invited by the player) whose first deposit of at least minFirstDeposit comes in a month the player applied. */
    z.strictObject({
      type: z.literal('agent_starter'),
      minFirstDeposit: positiveAmount,
      bonusPerMember: positiveAmount,
    }),
  ],
  { error: 'invalid' },
);
export type PromotionRules = z.infer<typeof promotionRules>;

export const promotionStatus = z.enum(['upcoming', 'running', 'ended']);
export type PromotionStatus = z.infer<typeof promotionStatus>;

/** 审核中 (waiting for the condition), 已发放, 未通过 (with the reason). */
export const applicationStatus = z.enum(['pending', 'granted', 'rejected'], { error: 'invalid' });
export type ApplicationStatus = z.infer<typeof applicationStatus>;

export const promotionSummary = z.object({
  id: z.number().int(),
  type: promotionType,
  /** In the request's language. */
  title: z.string(),
  summary: z.string(),
  /** The banner (an SVG data URL). */
  image: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  status: promotionStatus,
  /** The player applied in the current period (已参与). */
  joined: z.boolean(),
  /** Applying now would be accepted. */
  canApply: z.boolean(),
});
export type PromotionSummary = z.infer<typeof promotionSummary>;

export const promotionApplication = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  type: promotionType,
  title: z.string(),
  /** once, 2026-11-25, 2026-11-23 (the week's Monday) or 2026-11. */
  periodKey: z.string(),
  status: applicationStatus,
  /** Why it was not granted, in the request's language (rejected only). */
  reason: z.string().nullable(),
  /** Bonus granted under it so far (the fee waiver: fees waived). */
  amount: money,
  /** Valid bet counted since applying (fee waiver: all games; slots turnover: slots). */
  progress: money,
  /** Grants made under it (the fee waiver: withdrawals without fee; agent starter: members). */
  uses: z.number().int(),
  createdAt: isoTime,
  updatedAt: isoTime,
});
export type PromotionApplication = z.infer<typeof promotionApplication>;

export const promotionDetail = promotionSummary.extend({
  /** 活动对象, in the request's language. */
  audience: z.string(),
  /** 活动规则: sanitized HTML in the request's language. */
  rulesHtml: z.string(),
  rules: promotionRules,
  turnoverMultiple: z.number().int(),
  /** Most bonus one player gets in one period (null: the tiers alone limit it). */
  capAmount: money.nullable(),
  minVipLevel: z.number().int(),
  /** Days a granted reward waits in 领奖 before it expires. */
  rewardValidDays: z.number().int(),
  period: z.enum(['once', 'day', 'week', 'month']),
  /** When the current period ends (null: once). */
  periodEndsAt: isoTime.nullable(),
  /** The player's application of the current period. */
  application: promotionApplication.nullable(),
  /** Why applying now would be refused, in the request's language (null: it would be accepted). */
  refusal: z.string().nullable(),
});
export type PromotionDetail = z.infer<typeof promotionDetail>;

/** Promotions that started, or ended within the last 30 days, enabled by the operator; running ones first. */
export const promotionList = defineCall({
  method: 'POST',
  path: '/promotion/list',
  auth: true,
  request: z.strictObject({ type: promotionType.optional() }),
  response: envelope(z.object({ items: z.array(promotionSummary) })),
});

export const promotionDetails = defineCall({
  method: 'POST',
  path: '/promotion/details',
  auth: true,
  request: z.strictObject({ id: rowId }),
  response: envelope(promotionDetail),
});

/**
 * Applies for the current period. Refused 404 (unknown or not visible), 409 (already applied in
 * this period: promotionApplied), 422 with the reason (not running, VIP level, a first deposit
 * already made, a slip that does not qualify or was claimed). Lucky slip: betNo names the slip
 * to claim, and the reward is granted at once.
 */
export const promotionApply = defineCall({
  method: 'POST',
  path: '/promotion/apply',
  auth: true,
  request: z.strictObject({
    id: rowId,
    betNo: str()
      .trim()
      .regex(/^\d{1,32}$/, 'invalid')
      .optional(),
  }),
  response: envelope(promotionApplication),
});

export const promotionMyApplications = defineCall({
  method: 'POST',
  path: '/promotion/myApplications',
  auth: true,
  request: pageRequest.extend({ status: applicationStatus.optional() }).strict(),
  response: envelope(pageResult(promotionApplication)),
});

export const luckySlip = z.object({
  betNo: z.string(),
  gameType,
  stake: money,
  settledAt: isoTime,
  /** The ending it matched and what it earns. */
  ending: z.string(),
  bonus: money,
  /** claimable until claimableUntil; claimed (applicationId); expired. */
  status: z.enum(['claimable', 'claimed', 'expired']),
  claimableUntil: isoTime,
});
export type LuckySlip = z.infer<typeof luckySlip>;

/** The player's slips that qualify for a lucky-slip promotion, newest first. */
export const promotionZhudanList = defineCall({
  method: 'POST',
  path: '/promotion/zhudan/list',
  auth: true,
  request: pageRequest.extend({ id: rowId }).strict(),
  response: envelope(pageResult(luckySlip)),
});

/** Running promotions' banners for /home (guests too). */
export const promotionBanners = defineCall({
  method: 'POST',
  path: '/promotion/banners',
  auth: false,
  request: empty,
  response: envelope(
    z.object({
      items: z.array(promotionSummary.pick({ id: true, type: true, title: true, summary: true, image: true })),
    }),
  ),
});
