import { z } from 'zod';
import { betRecord, betRecordDetails, betSummary } from './bets.js';
import { envelope, isoTime, money, pageRequest, pageResult } from './common.js';
import { str } from './fields.js';
import { defineAdminCall, operatorReason } from './operator-calls.js';
import { timelineCursor, timelineEvent } from './player-timeline.js';
import { balanceEntry } from './wallet.js';

export {
  TIMELINE_PAGE,
  timelineKinds,
  type LimitChange,
  type TimelineEvent,
  type TimelineKind,
} from './player-timeline.js';

/*
 * Operator calls that span modules (server modules/admin): the dashboard and its queues, players
 * (details, ledger, bets, status), balance adjustments, turnover waivers and the audit log (POST
 * under ADMIN_PREFIX; operator-calls.ts has the roles and the CSV export of lists).
 */

const username = str().trim().min(1, 'required').max(32, 'too_long');

/** A day of the operator's time zone: money in and out and the house's win on bets. */
export const dayFigures = z.object({
  date: z.string(),
  depositAmount: money,
  depositCount: z.number().int(),
  withdrawalAmount: money,
  withdrawalCount: z.number().int(),
  /** Gross gaming revenue: stakes of bets settled that day − what they paid back. */
  ggr: money,
  /** Players who logged in that day. */
  activePlayers: z.number().int(),
  /** Players who had a bet settled that day. */
  bettors: z.number().int(),
  newPlayers: z.number().int(),
});
export type DayFigures = z.infer<typeof dayFigures>;

/** What waits for an operator; the console polls it to show new work at once. */
export const queueCounts = z.object({
  manualDeposits: z.number().int(),
  withdrawalsReviewing: z.number().int(),
  withdrawalsApproved: z.number().int(),
  /** Trading alerts not yet acknowledged (console 风控提醒). */
  tradingAlerts: z.number().int(),
  /** Newest waiting item's time (null: none), to tell a new arrival from the same count. */
  newestAt: isoTime.nullable(),
});
export type QueueCounts = z.infer<typeof queueCounts>;

export const dashboard = defineAdminCall({
  roles: ['finance', 'risk'],
  path: '/dashboard',
  request: z.strictObject({}),
  response: envelope(
    z.object({
      today: dayFigures,
      /** The last 14 days, oldest first, today last. */
      days: z.array(dayFigures),
      queues: queueCounts,
      timeZone: z.string(),
    }),
  ),
});

export const queues = defineAdminCall({
  roles: ['finance', 'risk'],
  path: '/queues',
  request: z.strictObject({}),
  response: envelope(queueCounts),
});

export const playerStatus = z.enum(['active', 'disabled']);

export const playerRow = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  status: playerStatus,
  vipLevel: z.number().int(),
  balance: money,
  createdAt: isoTime,
  lastLoginAt: isoTime.nullable(),
});

export const playersList = defineAdminCall({
  roles: ['finance', 'risk'],
  csv: true,
  path: '/players/list',
  request: pageRequest
    .extend({
      /** Part of the username (case-insensitive). */
      q: str().trim().max(32, 'too_long').optional(),
      status: playerStatus.optional(),
    })
    .strict(),
  response: envelope(pageResult(playerRow)),
});

export const playerSession = z.object({
  id: z.number().int(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: isoTime,
  expiresAt: isoTime,
  revokedAt: isoTime.nullable(),
  live: z.boolean(),
});
export type PlayerSession = z.infer<typeof playerSession>;

export const playerDetail = defineAdminCall({
  roles: ['finance', 'risk'],
  path: '/players/detail',
  request: z.strictObject({ username }),
  response: envelope(
    playerRow.extend({
      mobile: z.string().nullable(),
      inviteCode: z.string(),
      upline: z.string().nullable(),
      frozen: money,
      turnoverLeft: money,
      totals: z.object({ deposits: money, withdrawals: money, stake: money, winLoss: money }),
      sessions: z.array(playerSession),
    }),
  ),
});

export const playerLedger = defineAdminCall({
  roles: ['finance', 'risk'],
  csv: true,
  path: '/players/ledger',
  request: pageRequest.extend({ username }).strict(),
  response: envelope(pageResult(balanceEntry)),
});

export const playerBets = defineAdminCall({
  roles: ['finance', 'risk'],
  csv: true,
  path: '/players/bets',
  request: pageRequest.extend({ username }).strict(),
  response: envelope(pageResult(betRecord).extend({ summary: betSummary })),
});

/** One of the player's bets with everything the player's own details show: a parlay's legs, its cash-outs. */
export const playerBetDetails = defineAdminCall({
  roles: ['finance', 'risk'],
  path: '/players/bets/details',
  request: z.strictObject({ username, betNo: str().min(1, 'required').max(32, 'too_long') }),
  response: betRecordDetails.response,
});

/** Largest adjustment, in minor units (¥1,000,000,000). */
export const MAX_ADJUSTMENT = 100_000_000_000;

/**
 * Credits (amount > 0) or debits (amount < 0) a player against the house `adjustment` account.
 * `requestId` makes a retry harmless; `turnoverMultiple` (default 0) adds amount × it to the
 * player's turnover requirement on a credit.
 */
export const balanceAdjust = defineAdminCall({
  roles: ['finance'],
  path: '/balance/adjust',
  request: z.strictObject({
    username: str().min(1, 'required').max(32, 'too_long'),
    amount: z
      .number({ error: 'invalid_type' })
      .int('amount.integer')
      .refine((n) => n !== 0, 'invalid')
      .refine((n) => Math.abs(n) <= MAX_ADJUSTMENT, 'too_big'),
    reason: operatorReason,
    requestId: str()
      .min(8, 'invalid')
      .max(64, 'too_long')
      .regex(/^[\w-]+$/, 'invalid'),
    turnoverMultiple: z
      .number({ error: 'invalid_type' })
      .int('invalid')
      .min(0, 'too_small')
      .max(100, 'too_big')
      .optional(),
  }),
  response: envelope(z.object({ username: z.string(), amount: money, balance: money })),
});

/** Clears what is left of a player's turnover requirement, with the reason in the audit log. */
export const turnoverWaive = defineAdminCall({
  roles: ['risk'],
  path: '/turnover/waive',
  request: z.strictObject({ username: str().min(1, 'required').max(32, 'too_long'), reason: operatorReason }),
  response: envelope(z.object({ username: z.string(), waived: money })),
});

export const auditEntry = z.object({
  id: z.number().int(),
  operator: z.string(),
  action: z.string(),
  target: z.string(),
  payload: z.record(z.string(), z.unknown()),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  at: isoTime,
});

export const auditList = defineAdminCall({
  roles: ['risk'],
  csv: true,
  path: '/audit/list',
  request: pageRequest
    .extend({
      action: str().max(64, 'too_long').optional(),
      operator: str().max(64, 'too_long').optional(),
      target: str().max(64, 'too_long').optional(),
    })
    .strict(),
  response: envelope(pageResult(auditEntry)),
});

/**
 * Disables a player (every session ended, live connections closed, login refused) or enables
 * them again; audited with the reason.
 */
export const playerSetStatus = defineAdminCall({
  roles: ['risk'],
  path: '/players/set-status',
  request: z.strictObject({
    username: str().min(1, 'required').max(32, 'too_long'),
    status: z.enum(['active', 'disabled'], { error: 'invalid' }),
    reason: operatorReason,
  }),
  response: envelope(
    z.object({ username: z.string(), status: z.enum(['active', 'disabled']), sessionsEnded: z.number() }),
  ),
});

/** The player's timeline (player-timeline.ts): a page of events, newest first, after the cursor. */
export const playerTimeline = defineAdminCall({
  roles: ['finance', 'risk'],
  path: '/players/timeline',
  request: z.strictObject({
    userId: z.number({ error: 'invalid_type' }).int('invalid').positive('invalid'),
    after: timelineCursor.optional(),
  }),
  response: envelope(z.object({ items: z.array(timelineEvent), next: timelineCursor.nullable() })),
});
