import { z } from 'zod';
import { envelope, isoTime, money, pageRequest, pageResult } from './common.js';
import { rowId, str } from './fields.js';
import { kycStatus } from './kyc.js';
import { defineAdminCall, operatorReason } from './operator-calls.js';

/*
 * Real-name verification in the console (docs/design.md §9, "KYC, as built"): risk reviews the
 * queue, approves or rejects with a reason the player reads, and shows an ID number in full only
 * for a reason the audit log keeps (the number itself it does not); admin sets the withdrawal
 * amount above which a verified name is required.
 */

export const kycRow = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  realName: z.string(),
  idMasked: z.string(),
  status: kycStatus,
  submittedAt: isoTime,
  reviewedBy: z.string().nullable(),
  reviewedAt: isoTime.nullable(),
  rejectReason: z.string().nullable(),
});
export type KycRow = z.infer<typeof kycRow>;

export const kycDetail = kycRow.extend({ frontImage: z.string(), backImage: z.string() });
export type KycDetail = z.infer<typeof kycDetail>;

/** Submissions, newest first; by status (pending: the queue) and by player. */
export const kycList = defineAdminCall({
  roles: ['finance', 'risk'],
  path: '/kyc/list',
  request: pageRequest
    .extend({ status: kycStatus.optional(), username: str().trim().max(32, 'too_long').optional() })
    .strict(),
  response: envelope(pageResult(kycRow)),
});

/** One submission with its photos. */
export const kycGetOne = defineAdminCall({
  roles: ['finance', 'risk'],
  path: '/kyc/detail',
  request: z.strictObject({ id: rowId }),
  response: envelope(kycDetail),
});

export const kycApprove = defineAdminCall({
  roles: ['risk'],
  path: '/kyc/approve',
  request: z.strictObject({ id: rowId }),
  response: envelope(kycDetail),
});

/** Rejects a pending submission; the reason is shown to the player. */
export const kycReject = defineAdminCall({
  roles: ['risk'],
  path: '/kyc/reject',
  request: z.strictObject({ id: rowId, reason: operatorReason }),
  response: envelope(kycDetail),
});

/** The ID number in full, audited with the reason (never the number). */
export const kycReveal = defineAdminCall({
  roles: ['risk'],
  path: '/kyc/reveal',
  request: z.strictObject({ id: rowId, reason: operatorReason }),
  response: envelope(z.object({ idNumber: z.string() })),
});

export const kycSettings = z.object({
  /** Withdrawals above this amount need an approved name matching the account's holder (0: never). */
  requiredAmount: money,
});

export const kycSettingsGet = defineAdminCall({
  roles: ['finance', 'risk'],
  path: '/kyc/settings',
  request: z.strictObject({}),
  response: envelope(kycSettings),
});

/** Sets the amount (admin only), audited with the old value. */
export const kycSettingsSet = defineAdminCall({
  roles: [],
  path: '/kyc/settings/set',
  request: z.strictObject({
    requiredAmount: z
      .number({ error: 'invalid_type' })
      .int('amount.integer')
      .min(0, 'too_small')
      .max(100_000_000_000, 'too_big'),
  }),
  response: envelope(kycSettings),
});
