import { z } from 'zod';
import { defineAdminCall } from './operator-calls.js';
import { envelope, instant, isoTime, money, pageRequest, pageResult } from './common.js';
import { multilineStr, rowId, str } from './fields.js';
import {
  applicationStatus,
  promotionApplication,
  promotionRules,
  promotionStatus,
  promotionType,
} from './promotions.js';
import { vipLevelNumber } from './vip.js';

/*
 * The operator's side of promotions (docs/screens.md operator console: "promotions"). Every write is
 * audited; a change applies from the next event on: bonuses already granted stay.
 */

const color = str().regex(/^#[0-9a-fA-F]{6}$/, 'invalid');

export const promotionInput = z
  .strictObject({
    titleZh: str().trim().min(1, 'required').max(40, 'too_long'),
    titleEn: str().trim().min(1, 'required').max(80, 'too_long'),
    summaryZh: str().trim().min(1, 'required').max(80, 'too_long'),
    summaryEn: str().trim().min(1, 'required').max(160, 'too_long'),
    /** 活动对象. */
    audienceZh: str().trim().min(1, 'required').max(80, 'too_long'),
    audienceEn: str().trim().min(1, 'required').max(160, 'too_long'),
    /** 活动规则: HTML, sanitized on the server. */
    rulesZh: multilineStr().trim().min(1, 'required').max(20_000, 'too_long'),
    rulesEn: multilineStr().trim().min(1, 'required').max(20_000, 'too_long'),
    /** The banner's gradient. */
    bannerFrom: color,
    bannerTo: color,
    startsAt: instant,
    endsAt: instant,
    enabled: z.boolean(),
    /** Lower first. */
    sort: z.number().int('invalid').min(0, 'too_small').max(1000, 'too_big'),
    turnoverMultiple: z.number().int('invalid').min(0, 'too_small').max(100, 'too_big'),
    capAmount: z.number().int('amount.integer').positive('amount.positive').max(100_000_000, 'too_big').nullable(),
    minVipLevel: vipLevelNumber,
    rewardValidDays: z.number().int('invalid').min(1, 'too_small').max(90, 'too_big'),
    rules: promotionRules,
  })
  .refine((p) => new Date(p.endsAt) > new Date(p.startsAt), { path: ['endsAt'], message: 'promotion.period' });
export type PromotionInput = z.infer<typeof promotionInput>;

export const adminPromotion = z.object({
  id: z.number().int(),
  type: promotionType,
  titleZh: z.string(),
  titleEn: z.string(),
  summaryZh: z.string(),
  summaryEn: z.string(),
  audienceZh: z.string(),
  audienceEn: z.string(),
  rulesZh: z.string(),
  rulesEn: z.string(),
  bannerFrom: z.string(),
  bannerTo: z.string(),
  /** The banner as players see it (SVG data URL). */
  image: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  enabled: z.boolean(),
  sort: z.number().int(),
  turnoverMultiple: z.number().int(),
  capAmount: money.nullable(),
  minVipLevel: z.number().int(),
  rewardValidDays: z.number().int(),
  rules: promotionRules,
  status: promotionStatus,
  /** Applications of every period, those granted, and the bonus granted (fee waiver: fees waived). */
  applications: z.number().int(),
  granted: z.number().int(),
  grantedAmount: money,
  updatedAt: isoTime,
  updatedBy: z.string().nullable(),
});
export type AdminPromotion = z.infer<typeof adminPromotion>;

export const promotionsList = defineAdminCall({
  path: '/promotions/list',
  roles: ['finance', 'risk', 'content'],
  request: z.strictObject({}),
  response: envelope(z.object({ items: z.array(adminPromotion) })),
});

/** A new promotion (no id: the type is chosen) or a change of one (id: the type cannot change, 422). */
export const promotionSave = defineAdminCall({
  path: '/promotions/save',
  roles: [],
  request: z.strictObject({ id: rowId.optional(), promotion: promotionInput }),
  response: envelope(adminPromotion),
});

export const adminApplication = promotionApplication.extend({
  username: z.string(),
  /** Players linked to the applicant (player-risk-admin.ts, linked accounts): a bonus claimed twice? */
  linkedPlayers: z.number().int(),
});
export type AdminApplication = z.infer<typeof adminApplication>;

export const promotionApplications = defineAdminCall({
  path: '/promotions/applications',
  roles: ['finance', 'risk'],
  csv: true,
  request: pageRequest
    .extend({
      promotionId: rowId.optional(),
      username: str().trim().max(32, 'too_long').optional(),
      status: applicationStatus.optional(),
    })
    .strict(),
  response: envelope(pageResult(adminApplication)),
});

/**
 * Refuses an application (e.g. abuse) with the reason the player sees: a pending one, or a granted
 * one whose period still runs (it stops paying; bonuses granted stay); otherwise 409.
 */
export const promotionApplicationReject = defineAdminCall({
  path: '/promotions/applications/reject',
  roles: ['risk'],
  request: z.strictObject({ id: rowId, reason: str().trim().min(1, 'required').max(200, 'too_long') }),
  response: envelope(adminApplication),
});
