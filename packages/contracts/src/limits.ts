import { z } from 'zod';
import { defineCall, envelope, isoTime, money } from './common.js';
import { str } from './fields.js';

/*
 * Responsible gaming (docs/design.md §8, docs/screens.md /user/setting): deposit limits per day, week and
 * month (a first limit or a decrease applies at once; an increase or a removal only after
 * LIMIT_INCREASE_DELAY_MS, kept as pending until then), a self-exclusion of 7, 30 or 90 days that
 * nobody can end early (every session ends at once; login is refused until it ends), and the
 * reality reminder. Periods are calendar days, weeks (from Monday) and months of the site's time
 * zone.
 */

export const limitPeriods = ['day', 'week', 'month'] as const;
export const limitPeriod = z.enum(limitPeriods);
export type LimitPeriod = (typeof limitPeriods)[number];

export const LIMIT_INCREASE_DELAY_MS = 24 * 60 * 60 * 1000;
export const EXCLUSION_DAYS = [7, 30, 90] as const;
export const REMINDER_MINUTES = [15, 30, 60] as const;

/** A limit in minor units: more than 0, at most 100 million in major units. */
const limitAmount = z
  .number({ error: 'invalid_type' })
  .int('amount.integer')
  .positive('amount.positive')
  .max(10_000_000_000, 'too_big');

export const depositLimit = z.object({
  period: limitPeriod,
  /** The limit in force now; null: none. */
  amount: money.nullable(),
  /** An increase or removal waiting for its time (amount null: the limit goes). */
  pending: z.object({ amount: money.nullable(), from: isoTime }).nullable(),
  /** Deposits counted against the limit this period (orders neither failed nor expired). */
  used: money,
});
export type DepositLimit = z.infer<typeof depositLimit>;

export const limitsData = z.object({
  /** One per period, in limitPeriods order. */
  deposit: z.array(depositLimit),
  /** A self-exclusion in force; null: none. */
  exclusion: z.object({ from: isoTime, until: isoTime }).nullable(),
  /** The reality reminder's interval; null: off. */
  reminderMinutes: z.number().int().nullable(),
});
export type LimitsData = z.infer<typeof limitsData>;

export const get = defineCall({
  method: 'POST',
  path: '/user/limits/get',
  auth: true,
  request: z.strictObject({}),
  response: envelope(limitsData),
});

/** The three deposit limits as wanted: a period left out has no limit. */
export const depositLimitsRequest = z.strictObject({
  kind: z.literal('deposit'),
  day: limitAmount.optional(),
  week: limitAmount.optional(),
  month: limitAmount.optional(),
});

export const exclusionDays = z.union(
  EXCLUSION_DAYS.map((d) => z.literal(d)),
  { error: 'limits.days' },
);

/** The login password confirms it: it cannot be undone. */
export const exclusionRequest = z.strictObject({
  kind: z.literal('exclusion'),
  days: exclusionDays,
  password: str().min(1, 'required').max(64, 'too_long'),
});

/** minutes 0: off. */
export const reminderRequest = z.strictObject({
  kind: z.literal('reminder'),
  minutes: z.union([z.literal(0), ...REMINDER_MINUTES.map((m) => z.literal(m))], { error: 'limits.minutes' }),
});

export const setRequest = z.discriminatedUnion('kind', [depositLimitsRequest, exclusionRequest, reminderRequest], {
  error: 'invalid',
});
export type SetRequest = z.infer<typeof setRequest>;

export const set = defineCall({
  method: 'POST',
  path: '/user/limits/set',
  auth: true,
  request: setRequest,
  response: envelope(limitsData),
});
