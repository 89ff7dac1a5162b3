import { z } from 'zod';
import { str } from './fields.js';
import {
  defineCall,
  empty,
  envelope,
  isoTime,
  money,
  pageRequest,
  pageResult,
  positiveMoney,
  timeRange,
} from './common.js';

/** Channel types (icons and labels in the app) and adapters (how the money arrives). */
export const channelTypes = ['sandbox', 'usdt', 'alipay', 'wechat', 'bank'] as const;
export type ChannelType = (typeof channelTypes)[number];
export const channelAdapters = ['sandbox', 'manual'] as const;
export type ChannelAdapter = (typeof channelAdapters)[number];

export const depositStatuses = ['PENDING', 'PAID', 'EXPIRED', 'FAILED'] as const;
export type DepositStatus = (typeof depositStatuses)[number];

export const payChannel = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(channelTypes),
  adapter: z.enum(channelAdapters),
  minAmount: money,
  maxAmount: money,
  /** Suggested amounts, within the limits. */
  presets: z.array(money),
  /** Basis points of the amount kept as a fee (100 = 1%). */
  feeRate: z.number().int(),
  /** Basis points of the amount added as a bonus. */
  bonusRate: z.number().int(),
  recommended: z.boolean(),
  /** Opening hours in the site's time zone, 'HH:MM'; open === close means always. */
  hours: z.object({ open: z.string(), close: z.string() }),
  /** Whether the channel takes orders right now. */
  openNow: z.boolean(),
});
export type PayChannel = z.infer<typeof payChannel>;

export const payConfig = defineCall({
  method: 'POST',
  path: '/user/recharge/payConfig',
  auth: true,
  request: empty,
  response: envelope(z.object({ channels: z.array(payChannel) })),
});

/** What the player must do by hand on a manual channel. */
export const payInstructions = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('usdt'),
    network: z.string(),
    address: z.string(),
    /** What the order credits, in minor units of the site currency. */
    amount: money,
    /** Send exactly this many USDT × 100 (two decimals), at the rate the order was made with. */
    usdtAmount: z.number().int(),
    /** Site currency per USDT when the order was made. */
    rate: z.number(),
    note: z.string(),
  }),
  z.object({
    kind: z.literal('bank'),
    bank: z.string(),
    accountName: z.string(),
    accountNumber: z.string(),
    amount: money,
    /** Put this in the transfer's remark so the operator can match it. */
    reference: z.string(),
    note: z.string(),
  }),
]);
export type PayInstructions = z.infer<typeof payInstructions>;

const orderNo = str().min(1, 'required').max(32, 'too_long');

export const startPay = defineCall({
  method: 'POST',
  path: '/user/recharge/startPay',
  auth: true,
  request: z
    .object({
      channelId: z.number().int().positive().max(2_147_483_647),
      amount: positiveMoney,
    })
    .strict(),
  response: envelope(
    z.object({
      orderNo: z.string(),
      /** Online channels: open this page to pay. Manual channels: null, see instructions. */
      payUrl: z.string().nullable(),
      expiresAt: isoTime,
      amount: money,
      fee: money,
      bonus: money,
      creditedAmount: money,
      instructions: payInstructions.nullable(),
    }),
  ),
});

export const depositSummary = z.object({
  orderNo: z.string(),
  channelName: z.string(),
  channelType: z.enum(channelTypes),
  amount: money,
  creditedAmount: money,
  status: z.enum(depositStatuses),
  createdAt: isoTime,
});

export const records = defineCall({
  method: 'POST',
  path: '/user/recharge/records',
  auth: true,
  request: pageRequest.extend({ status: z.enum(depositStatuses).optional(), ...timeRange.shape }).strict(),
  response: envelope(pageResult(depositSummary)),
});

export const timelineStep = z.object({
  step: z.enum(['created', 'paid', 'credited', 'expired', 'failed']),
  at: isoTime,
});

export const details = defineCall({
  method: 'POST',
  path: '/user/recharge/details',
  auth: true,
  request: z.object({ orderNo }).strict(),
  response: envelope(
    depositSummary.extend({
      channelId: z.number().int(),
      adapter: z.enum(channelAdapters),
      fee: money,
      bonus: money,
      firstDeposit: z.boolean(),
      expiresAt: isoTime,
      paidAt: isoTime.nullable(),
      payUrl: z.string().nullable(),
      instructions: payInstructions.nullable(),
      timeline: z.array(timelineStep),
    }),
  ),
});
