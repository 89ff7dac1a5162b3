import { z } from 'zod';
import { envelope, isoTime, money, pageRequest, pageResult } from './common.js';
import { str } from './fields.js';
import { channelAdapters, channelTypes, depositStatuses } from './payments.js';
import { withdrawStatus, withdrawType } from './withdrawals.js';

export { auditActions, type AuditAction } from './audit-actions.js';

/*
 * Operator calls: POST under /api/admin with a JSON body and the same `{ code, msg, data }`
 * envelope. The console sends its session in `x-operator-session` (operator-auth.ts); the CLI
 * sends the server's ADMIN_TOKEN in `x-admin-token`. The token is refused from a browser.
 */
export const ADMIN_PREFIX = '/api/admin';
export const ADMIN_TOKEN_HEADER = 'x-admin-token';
/**
 * Who the token acts as, in the audit log and in dual approvals: one identity of its own, whoever
 * holds the token. No console operator can have this name (operator names take no `@`).
 */
export const ADMIN_TOKEN_IDENTITY = '@admin-token';
export const OPERATOR_SESSION_HEADER = 'x-operator-session';

/** Operator roles; admin may make every call, the others the calls that list them. */
export const operatorRoles = ['admin', 'finance', 'risk', 'content'] as const;
export const operatorRole = z.enum(operatorRoles, { error: 'invalid' });
export type OperatorRole = (typeof operatorRoles)[number];

export interface AdminCall<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** Under ADMIN_PREFIX. */
  path: string;
  request: Req;
  response: Res;
  /** Roles besides admin that may make the call ([]: admin only). */
  roles: readonly Exclude<OperatorRole, 'admin'>[];
  /**
   * A list whose rows also export as CSV: POST `path + CSV_SUFFIX` with the same filters (no
   * paging) answers text/csv, streamed.
   */
  csv?: true;
}

export const CSV_SUFFIX = '.csv';

/** Whether a role may make a call. */
export const mayCall = (role: OperatorRole, call: Pick<AdminCall, 'roles'>): boolean =>
  role === 'admin' || (call.roles as readonly string[]).includes(role);

export const defineAdminCall = <Req extends z.ZodType, Res extends z.ZodType>(c: AdminCall<Req, Res>) => c;

const orderNo = str().min(1, 'required').max(32, 'too_long');
const reason = str().trim().min(1, 'required').max(200, 'too_long');
const statusResult = envelope(z.object({ orderNo: z.string(), status: z.string() }));

/** A manual-channel deposit waiting for the operator (PENDING, or EXPIRED but still confirmable). */
export const pendingDeposit = z.object({
  orderNo: z.string(),
  username: z.string(),
  channel: z.string(),
  amount: money,
  status: z.enum(depositStatuses),
  createdAt: isoTime,
  expiresAt: isoTime,
});

export const depositsPending = defineAdminCall({
  roles: ['finance'],
  path: '/deposits/pending',
  request: pageRequest.strict(),
  response: envelope(pageResult(pendingDeposit)),
});

export const depositConfirm = defineAdminCall({
  roles: ['finance'],
  path: '/deposits/confirm',
  request: z.strictObject({ orderNo }),
  response: statusResult,
});

/** The account as the player bound it, unmasked: the operator pays to it. */
export const payoutAccount = z.object({
  type: withdrawType,
  network: z.string().optional(),
  address: z.string().optional(),
  alias: z.string().optional(),
  wechatId: z.string().optional(),
  realName: z.string().optional(),
  qrImage: z.string().optional(),
  bankName: z.string().optional(),
  holder: z.string().optional(),
  cardNumber: z.string().optional(),
  branch: z.string().optional(),
  account: z.string().optional(),
});

/** What a reviewer should look at twice. */
export const withdrawalRisks = [
  'turnover_unmet',
  'first_withdrawal',
  'new_account',
  'new_payout_account',
  'large_amount',
  'more_than_deposited',
] as const;
export type WithdrawalRisk = (typeof withdrawalRisks)[number];

export const adminWithdrawal = z.object({
  orderNo: z.string(),
  userId: z.number().int(),
  username: z.string(),
  amount: money,
  feeAmount: money,
  netAmount: money,
  status: withdrawStatus,
  account: payoutAccount,
  reason: z.string().nullable(),
  createdAt: isoTime,
  approvedAt: isoTime.nullable(),
  paidAt: isoTime.nullable(),
  rejectedAt: isoTime.nullable(),
  /** Approvals given so far and needed (2 above the dual-approval amount). */
  approvals: z.array(z.object({ operator: z.string(), at: isoTime })),
  approvalsNeeded: z.number().int(),
  /** The player's turnover requirement left, in minor units (0: met). */
  turnoverLeft: money,
  /** Hints for the reviewer, e.g. turnover_unmet, first_withdrawal, new_account, large_amount. */
  risk: z.array(z.enum(withdrawalRisks)),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

export const withdrawalsList = defineAdminCall({
  roles: ['finance', 'risk'],
  csv: true,
  path: '/withdrawals/list',
  request: pageRequest
    .extend({ status: withdrawStatus.optional(), username: str().trim().max(32, 'too_long').optional() })
    .strict(),
  response: envelope(pageResult(adminWithdrawal)),
});

export const withdrawalApprove = defineAdminCall({
  roles: ['finance', 'risk'],
  path: '/withdrawals/approve',
  request: z.strictObject({ orderNo }),
  response: statusResult,
});

export const withdrawalPay = defineAdminCall({
  roles: ['finance'],
  path: '/withdrawals/pay',
  request: z.strictObject({ orderNo }),
  response: statusResult,
});

export const withdrawalReject = defineAdminCall({
  roles: ['finance', 'risk'],
  path: '/withdrawals/reject',
  request: z.strictObject({ orderNo, reason }),
  response: statusResult,
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
    reason,
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
  request: z.strictObject({ username: str().min(1, 'required').max(32, 'too_long'), reason }),
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

/** A recharge channel as the operator sees it: offered to players only while enabled. */
export const adminChannel = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(channelTypes),
  adapter: z.enum(channelAdapters),
  enabled: z.boolean(),
  /** False where this server does not run the adapter (the sandbox in production). */
  available: z.boolean(),
  minAmount: money,
  maxAmount: money,
});
export type AdminChannel = z.infer<typeof adminChannel>;

export const channelsList = defineAdminCall({
  roles: ['finance'],
  path: '/channels/list',
  request: z.strictObject({}),
  response: envelope(z.object({ list: z.array(adminChannel) })),
});

/** Switches a channel on or off for players; audited. */
export const channelSetEnabled = defineAdminCall({
  roles: ['finance'],
  path: '/channels/set-enabled',
  request: z.strictObject({
    id: z.number({ error: 'invalid_type' }).int('invalid').positive('invalid'),
    enabled: z.boolean({ error: 'invalid_type' }),
  }),
  response: envelope(adminChannel),
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
    reason,
  }),
  response: envelope(
    z.object({ username: z.string(), status: z.enum(['active', 'disabled']), sessionsEnded: z.number() }),
  ),
});

/** The USDT exchange rate new USDT deposits use (site currency per USDT, up to 4 decimals); audited. */
export const usdtRateSet = defineAdminCall({
  roles: ['finance'],
  path: '/payments/usdt-rate',
  request: z.strictObject({
    rate: z
      .number({ error: 'invalid_type' })
      .positive('invalid')
      .max(100_000, 'too_big')
      .refine((r) => Math.abs(r * 10_000 - Math.round(r * 10_000)) < 1e-6, 'invalid'),
  }),
  response: envelope(z.object({ rate: z.number(), previous: z.number().nullable() })),
});
