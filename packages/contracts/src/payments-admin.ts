import { z } from 'zod';
import { envelope, isoTime, money, pageRequest, pageResult } from './common.js';
import { rowId, str } from './fields.js';
import { defineAdminCall } from './operator-calls.js';
import { channelAdapters, channelTypes, depositStatuses } from './payments.js';

/*
 * The operator's deposits, manual confirmations, recharge channels and USDT rate (POST under
 * ADMIN_PREFIX; operator-calls.ts has the roles and the CSV export of lists).
 */

const orderNo = str().min(1, 'required').max(32, 'too_long');
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
