import { z } from 'zod';
import { adminChannel, defineAdminCall } from './admin.js';
import { betRecord, betSummary } from './bets.js';
import { envelope, isoTime, money, pageRequest, pageResult } from './common.js';
import { APP_ROUTE, contentKey, contentListItem, helpCategory, noticeItem, noticeType, pageGroup } from './content.js';
import { articleFields, multilineStr, rowId, str } from './fields.js';
import { depositStatuses } from './payments.js';
import { isServiceLink, siteContact } from './system.js';
import { balanceEntry } from './wallet.js';

/*
 * The operator console's own calls (POST under ADMIN_PREFIX; see admin.ts for the roles and
 * the CSV export of lists): dashboard, queues, players, deposits, notices, withdrawal settings.
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

export const adminDeposit = z.object({
  orderNo: z.string(),
  username: z.string(),
  channel: z.string(),
  adapter: adminChannel.shape.adapter,
  amount: money,
  fee: money,
  bonus: money,
  creditedAmount: money,
  status: z.enum(depositStatuses),
  createdAt: isoTime,
  expiresAt: isoTime,
  paidAt: isoTime.nullable(),
  confirmedBy: z.string().nullable(),
});
export type AdminDeposit = z.infer<typeof adminDeposit>;

export const depositsList = defineAdminCall({
  roles: ['finance', 'risk'],
  csv: true,
  path: '/deposits/list',
  request: pageRequest
    .extend({
      status: z.enum(depositStatuses, { error: 'invalid' }).optional(),
      channelId: rowId.optional(),
      username: str().trim().max(32, 'too_long').optional(),
    })
    .strict(),
  response: envelope(pageResult(adminDeposit)),
});

export const depositCallbacks = defineAdminCall({
  roles: ['finance', 'risk'],
  path: '/deposits/callbacks',
  request: z.strictObject({ orderNo: str().min(1, 'required').max(32, 'too_long') }),
  response: envelope(
    z.object({
      list: z.array(
        z.object({
          id: z.number().int(),
          gateway: z.string(),
          payload: z.string(),
          outcome: z.string(),
          receivedAt: isoTime,
        }),
      ),
    }),
  ),
});

export const adminNotice = noticeItem.extend({
  body: z.string(),
  titleEn: z.string().nullable(),
  withdrawnAt: isoTime.nullable(),
});
export type AdminNotice = z.infer<typeof adminNotice>;

export const noticesList = defineAdminCall({
  roles: ['content'],
  path: '/notices/list',
  request: pageRequest.strict(),
  response: envelope(pageResult(adminNotice)),
});

/** Publishes a notice now: players see it at once (NOTICE_PUBLISHED on the live connection). */
export const noticePublish = defineAdminCall({
  roles: ['content'],
  path: '/notices/publish',
  request: z.strictObject({
    title: articleFields.title,
    summary: multilineStr().trim().min(1, 'required').max(200, 'too_long'),
    /** HTML; sanitized on the server. */
    body: articleFields.body,
    titleEn: articleFields.titleEn,
    summaryEn: multilineStr().trim().max(200, 'too_long').optional(),
    bodyEn: articleFields.bodyEn,
    /** A banner shows in the home carousel (with generated art); default a notice. */
    type: noticeType.optional(),
    /** Where a tap leads: an app route such as /user/youhui; none: the article. */
    link: str().trim().max(200, 'too_long').regex(APP_ROUTE, 'invalid').optional(),
  }),
  response: envelope(adminNotice),
});

export const noticeWithdraw = defineAdminCall({
  roles: ['content'],
  path: '/notices/withdraw',
  request: z.strictObject({ id: rowId }),
  response: envelope(adminNotice),
});

export const withdrawSettings = z.object({
  minAmount: money,
  maxAmount: money,
  feeRateBps: z.number().int(),
  feeMinAmount: money,
  /** Above this amount two different operators approve. */
  dualApprovalAmount: money,
});

export const withdrawSettingsGet = defineAdminCall({
  roles: ['finance'],
  path: '/withdrawals/settings',
  request: z.strictObject({}),
  response: envelope(withdrawSettings),
});

export const dualApprovalSet = defineAdminCall({
  roles: [],
  path: '/withdrawals/settings/dual-approval',
  request: z.strictObject({
    dualApprovalAmount: money.positive('amount.positive').max(100_000_000_000, 'too_big'),
  }),
  response: envelope(withdrawSettings),
});

/** A rule or information page in one language (taiqiu_rules, betting_rules…; content.ts). */
export const adminContentPage = contentListItem.extend({ lang: z.enum(['zh-CN', 'en']) });
export type AdminContentPage = z.infer<typeof adminContentPage>;

export const contentPagesList = defineAdminCall({
  roles: ['content'],
  path: '/content/pages',
  request: z.strictObject({}),
  response: envelope(z.object({ list: z.array(adminContentPage) })),
});

/** Writes a page's text in one language (creating it if new); the body is sanitized; audited. */
export const contentPageSave = defineAdminCall({
  roles: ['content'],
  path: '/content/pages/save',
  request: z
    .strictObject({
      key: contentKey,
      lang: z.enum(['zh-CN', 'en'], { error: 'invalid' }),
      title: str().trim().min(1, 'required').max(80, 'too_long'),
      body: multilineStr().trim().min(1, 'required').max(50_000, 'too_long'),
      /** Not given: a new page is a rule page, an existing one keeps its group (and sort). A help entry needs its category. */
      group: pageGroup.optional(),
      category: helpCategory.optional(),
      sort: z.number({ error: 'invalid_type' }).int('invalid').min(0, 'invalid').max(9999, 'invalid').optional(),
    })
    .refine((p) => (p.group === 'help') === (p.category !== undefined), {
      path: ['category'],
      message: 'invalid',
    }),
  response: envelope(adminContentPage),
});
export type ContentPageInput = z.output<typeof contentPageSave.request>;

/** Missing or empty: not offered (the console leaves empty fields out of what it sends). */
const contactField = str().trim().max(80, 'too_long').default('');

export const siteContactGet = defineAdminCall({
  roles: ['content'],
  path: '/site/contact',
  request: z.strictObject({}),
  response: envelope(siteContact),
});

/** The platform's business contact shown on /user/shangwu; an empty field is not shown. */
export const siteContactSave = defineAdminCall({
  roles: ['content'],
  path: '/site/contact/save',
  request: z.strictObject({
    email: str()
      .trim()
      .max(80, 'too_long')
      .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'invalid')
      .default(''),
    phone: contactField,
    telegram: contactField,
    wechat: contactField,
    qq: contactField,
  }),
  response: envelope(siteContact),
});

/** The player app's customer-service link (联系在线客服); empty: the entry is hidden. */
export const siteService = z.object({ serviceUrl: z.string() });

export const siteServiceGet = defineAdminCall({
  roles: ['content'],
  path: '/site/service',
  request: z.strictObject({}),
  response: envelope(siteService),
});

/** Sets or clears (missing or empty) the customer-service link; audited with before and after. */
export const siteServiceSave = defineAdminCall({
  roles: ['content'],
  path: '/site/service/save',
  request: z.strictObject({
    serviceUrl: str()
      .trim()
      .max(300, 'too_long')
      .refine((v) => v === '' || isServiceLink(v), 'serviceUrl.format')
      .default(''),
  }),
  response: envelope(siteService),
});
