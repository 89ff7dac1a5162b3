import { z } from 'zod';
import { envelope, money, pageResult } from './common.js';
import { defineAdminCall } from './operator-calls.js';
import { channelAdapters, channelTypes } from './payments.js';
import { periodsRequest, rangeRequest } from './report-range.js';
import { withdrawTypes } from './withdrawals.js';

/*
 * The payments report (console 报表 › 存取款, docs/design.md §9, "Reports, as built"): deposits per
 * recharge channel and withdrawals per payout method over a range of the site's days, and the
 * manual queues' waits. Two clocks, as the ledger and the operator read them:
 * - what the orders made in the range became — made, succeeded, failed, open, the success rate,
 *   the median time to credit or payout, the queues' waits — counts the orders by creation time;
 * - the money — amounts, fees, what was credited or paid — counts the orders by the time of
 *   credit or payout, the time the ledger dates the transfer, so it reconciles with the ledger.
 * Durations are whole seconds; a median or longest wait over no order is null. The success rate
 * is in basis points of the orders made (10,000 = all of them), null when none were made.
 */

const count = z.number().int();
const seconds = z.number().int().nullable();

/** What the orders made in the range became, by their creation time. */
const outcomes = {
  /** Orders made in the range. */
  made: count,
  /** Of those, credited (deposits) or paid (withdrawals) by now. */
  succeeded: count,
  /** Still open: pending (deposits), in review or approved but not paid (withdrawals). */
  open: count,
  /** succeeded × 10,000 / made, rounded down; null when none were made. */
  successBp: z.number().int().nullable(),
  /** The median of creation → credit or payout over the succeeded ones. */
  medianSeconds: seconds,
};

export const depositFigures = z.object({
  ...outcomes,
  /** Closed by the gateway as failed. */
  failed: count,
  /** Expired unpaid (a manual order still waits for the operator: manualQueue). */
  expired: count,
  /** Orders credited in the range (by the time of credit), whenever made. */
  creditedOrders: count,
  /** What the players paid in on them. */
  amount: money,
  /** The channel's fee, kept by the house: amount − credited. */
  fees: money,
  /** What their cash received: the ledger's entries of code deposit. */
  credited: money,
  /** The channel's deposit bonus on them (ledger code bonus, referencing the order). */
  bonuses: money,
});
export type DepositFigures = z.infer<typeof depositFigures>;

export const depositChannelRow = depositFigures.extend({
  channelId: z.number().int(),
  /** The channel's Chinese name. */
  channel: z.string(),
  type: z.enum(channelTypes),
  /** manual: the operator confirms each order by hand (the manual queue). */
  adapter: z.enum(channelAdapters),
});
export type DepositChannelRow = z.infer<typeof depositChannelRow>;

export const withdrawalFigures = z.object({
  ...outcomes,
  /** Rejected by an operator (in review or once approved): the hold went back to the player. */
  rejected: count,
  /** Orders paid in the range (by the time of payout), whenever made. */
  paidOrders: count,
  /** What left the players: the ledger's posted withdrawal holds. */
  amount: money,
  /** The withdrawal fee, kept by the house out of the amount. */
  fees: money,
  /** What was sent to the players' accounts: amount − fees. */
  netPaid: money,
});
export type WithdrawalFigures = z.infer<typeof withdrawalFigures>;

export const withdrawalMethodRow = withdrawalFigures.extend({
  /** The payout account's type. */
  method: z.enum(withdrawTypes),
});
export type WithdrawalMethodRow = z.infer<typeof withdrawalMethodRow>;

/** A queue an operator works by hand. */
export const queueFigures = z.object({
  /** Orders made in the range the operator has decided on. */
  decided: count,
  /** Their wait from entering the queue to the operator's decision: median and longest. */
  medianWaitSeconds: seconds,
  longestWaitSeconds: seconds,
  /** Waiting now, whenever made, and how long the oldest of them has waited. */
  waiting: count,
  oldestWaitSeconds: seconds,
});
export type QueueFigures = z.infer<typeof queueFigures>;

/**
 * Deposits per recharge channel (every channel, the largest amount first), the range's totals and
 * the manual queue: orders of manual channels from creation to the operator's confirmation;
 * waiting now are the ones the console's queue lists (pending or expired, not confirmed).
 */
export const paymentsReport = defineAdminCall({
  path: '/reports/payments',
  roles: ['finance', 'risk'],
  csv: true,
  request: rangeRequest,
  response: envelope(pageResult(depositChannelRow).extend({ totals: depositFigures, manualQueue: queueFigures })),
});

/**
 * Withdrawals per payout method (every method, the largest amount first), the range's totals and
 * the two queues every withdrawal passes: review (creation → approval or rejection; waiting now:
 * in review) and payout (approval → payout or rejection; waiting now: approved, not paid).
 */
export const withdrawalsReport = defineAdminCall({
  path: '/reports/payments/withdrawals',
  roles: ['finance', 'risk'],
  csv: true,
  request: rangeRequest,
  response: envelope(
    pageResult(withdrawalMethodRow).extend({
      totals: withdrawalFigures,
      reviewQueue: queueFigures,
      payoutQueue: queueFigures,
    }),
  ),
});

export const paymentsPeriodRow = z.object({
  /** The period: its first day (YYYY-MM-DD; a week starts on Monday) or month (YYYY-MM). */
  period: z.string(),
  /** Deposit orders made in the period, those of them credited, and the rate (null: none made). */
  depositsMade: z.number().int(),
  depositsCredited: z.number().int(),
  depositSuccessBp: z.number().int().nullable(),
  /** What was credited in the period (the orders' amounts, by the time of credit) and its fees. */
  deposited: money,
  depositFees: money,
  /** Withdrawals requested in the period, those of them paid, and the rate (null: none). */
  withdrawalsMade: z.number().int(),
  withdrawalsPaid: z.number().int(),
  withdrawalSuccessBp: z.number().int().nullable(),
  /** What was paid out in the period (by the time of payout) and its fees. */
  withdrawn: money,
  withdrawalFees: money,
  /** Deposited − withdrawn. */
  net: money,
});
export type PaymentsPeriodRow = z.infer<typeof paymentsPeriodRow>;

/** Deposits and withdrawals per period of the range, oldest first, every period (empty ones as 0). */
export const paymentsByPeriod = defineAdminCall({
  path: '/reports/payments/periods',
  roles: ['finance', 'risk'],
  csv: true,
  request: periodsRequest,
  response: envelope(pageResult(paymentsPeriodRow)),
});
