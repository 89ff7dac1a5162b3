import { z } from 'zod';
import { isoTime, money } from './common.js';
import { depositStatuses } from './payments.js';
import { betStatus } from './taiqiu.js';
import { withdrawStatus } from './withdrawals.js';
import { limitPeriod } from './limits.js';

/*
 * A player's timeline in the console (docs/design.md §9, "Player risk"): logins, deposits, bets,
 * withdrawals, limit changes and notes, newest first, a page at a time; the call is
 * players-admin.ts playerTimeline.
 */

/** The kinds, in the order events of the same instant are listed (the last first). */
export const timelineKinds = ['login', 'deposit', 'withdrawal', 'bet', 'limit', 'note'] as const;
export type TimelineKind = (typeof timelineKinds)[number];
export const TIMELINE_PAGE = 50;

/**
 * Where a page ends: the last event's instant (microseconds, UTC), kind and id; the next page
 * starts after it.
 */
export const timelineCursor = z
  .string()
  .regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z~[a-z]+~\d{1,18}$/, 'invalid')
  .refine((c) => (timelineKinds as readonly string[]).includes(c.split('~')[1]!), 'invalid');

const base = { id: z.number().int(), at: isoTime };

export const timelineEvent = z.discriminatedUnion('kind', [
  z.object({ ...base, kind: z.literal('login'), ip: z.string().nullable(), device: z.string().nullable() }),
  z.object({
    ...base,
    kind: z.literal('deposit'),
    orderNo: z.string(),
    amount: money,
    status: z.enum(depositStatuses),
  }),
  z.object({ ...base, kind: z.literal('withdrawal'), orderNo: z.string(), amount: money, status: withdrawStatus }),
  z.object({
    ...base,
    kind: z.literal('bet'),
    betNo: z.string(),
    gameName: z.string(),
    stake: money,
    status: betStatus,
  }),
  z.object({
    ...base,
    kind: z.literal('limit'),
    change: z.discriminatedUnion('limit', [
      /** The deposit limits asked for (null: none); a raise waits its delay. */
      z.object({ limit: z.literal('deposit'), amounts: z.record(limitPeriod, money.nullable()) }),
      z.object({ limit: z.literal('reminder'), minutes: z.number().int() }),
      z.object({ limit: z.literal('exclusion'), days: z.number().int(), until: isoTime }),
    ]),
  }),
  z.object({ ...base, kind: z.literal('note'), body: z.string(), by: z.string() }),
]);
export type TimelineEvent = z.infer<typeof timelineEvent>;
export type LimitChange = Extract<TimelineEvent, { kind: 'limit' }>['change'];
