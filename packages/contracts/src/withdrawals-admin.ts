import { z } from 'zod';
import { envelope, isoTime, money, pageRequest, pageResult } from './common.js';
import { str } from './fields.js';
import { defineAdminCall, operatorReason } from './operator-calls.js';
import { withdrawAccount, withdrawStatus, withdrawType } from './withdrawals.js';

/*
 * The operator's withdrawal queue, its review (approve, pay, reject), the withdrawal settings and
 * a player's bound accounts (POST under ADMIN_PREFIX; operator-calls.ts has the roles and the CSV
 * export of lists).
 */

const orderNo = str().min(1, 'required').max(32, 'too_long');
const statusResult = envelope(z.object({ orderNo: z.string(), status: z.string() }));

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
  'linked_accounts',
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
  /** The player's tags (player-risk-admin.ts). */
  tags: z.array(z.string()),
  /** Players linked to this one (player-risk-admin.ts, linked accounts). */
  linkedPlayers: z.number().int(),
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
  request: z.strictObject({ orderNo, reason: operatorReason }),
  response: statusResult,
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

const playerId = z.number({ error: 'invalid_type' }).int('invalid').positive('invalid');

/** The accounts the player has bound to withdraw to, masked as the player sees them. */
export const playerAccounts = defineAdminCall({
  roles: ['finance', 'risk'],
  path: '/withdrawals/player-accounts',
  request: z.strictObject({ userId: playerId }),
  response: envelope(z.object({ list: z.array(withdrawAccount) })),
});

/** One bound account in full, for a reason kept in the audit log (the number itself is not). */
export const playerAccountReveal = defineAdminCall({
  roles: ['finance', 'risk'],
  path: '/withdrawals/player-accounts/reveal',
  request: z.strictObject({ userId: playerId, accountId: playerId, reason: operatorReason }),
  response: envelope(payoutAccount),
});
