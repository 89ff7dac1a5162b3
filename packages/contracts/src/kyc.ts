import { z } from 'zod';
import { defineCall, envelope, isoTime, money } from './common.js';
import { str } from './fields.js';
import { uploadUrl } from './uploads.js';
import { REAL_NAME } from './withdrawals.js';

/*
 * Real-name verification (KYC; docs/design.md §9, "KYC, as built"; docs/screens.md
 * /user/shimingrenzheng): the player sends the real name, the ID number and photos of both sides
 * of the ID card; risk approves or rejects with a reason. Above the amount the operator sets, a
 * withdrawal needs an approved name that matches the account's holder.
 */

export const kycStatuses = ['pending', 'approved', 'rejected'] as const;
export const kycStatus = z.enum(kycStatuses, { error: 'invalid' });
export type KycStatus = (typeof kycStatuses)[number];
/** What the player's verification stands at: `none` before the first submission. */
export type KycState = KycStatus | 'none';

/** ISO 7064 MOD 11-2 weights of the first 17 digits, and the check character of each remainder. */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/**
 * A mainland China resident ID (18 characters: 17 digits and a check digit or X) whose check
 * character is right. It says nothing of whether the ID exists; the photos are for that.
 */
export function isResidentId(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const sum = WEIGHTS.reduce((s, w, i) => s + w * Number(id[i]), 0);
  return CHECK[sum % 11] === id[17];
}

/** The ID number as sent: spaces dropped, a lower-case x read as X, then checked. */
export const idNumber = str()
  .transform((s) => s.replace(/\s/g, '').toUpperCase())
  .refine((s) => s.length > 0, 'required')
  .refine(isResidentId, 'idNumber.format');

/** The name on the ID card, written as a withdrawal account's holder is (withdrawals.ts REAL_NAME). */
export const realName = str()
  .trim()
  .min(2, 'realName.format')
  .max(30, 'realName.format')
  .regex(REAL_NAME, 'realName.format');

/** The ID number as shown: the first 3 and the last 4 characters. */
export const maskIdNumber = (id: string): string => `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`;

export const kycView = z.object({
  status: z.enum(['none', ...kycStatuses]),
  /** The latest submission's name and masked ID (null before the first). */
  realName: z.string().nullable(),
  idMasked: z.string().nullable(),
  /** Why risk rejected the latest submission (status rejected). */
  rejectReason: z.string().nullable(),
  submittedAt: isoTime.nullable(),
  reviewedAt: isoTime.nullable(),
  /** Withdrawals above this amount need an approved name (0: never). */
  requiredAmount: money,
});
export type KycView = z.infer<typeof kycView>;

/** The player's verification as it stands. */
export const kycGet = defineCall({
  method: 'POST',
  path: '/user/kyc/status',
  auth: true,
  request: z.strictObject({}),
  response: envelope(kycView),
});

export const kycSubmitRequest = z.strictObject({
  realName,
  idNumber,
  /** URLs of the player's own uploads of purpose kyc_front and kyc_back. */
  frontImage: uploadUrl,
  backImage: uploadUrl,
});
export type KycSubmitRequest = z.input<typeof kycSubmitRequest>;

/** Sends a submission for review; refused while one is pending (409 kycPending) or after approval (409 kycApproved). */
export const kycSubmit = defineCall({
  method: 'POST',
  path: '/user/kyc/submit',
  auth: true,
  request: kycSubmitRequest,
  response: envelope(kycView),
});
