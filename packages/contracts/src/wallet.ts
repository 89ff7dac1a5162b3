import { z } from 'zod';
import { defineCall, envelope, isoTime, money, pageRequest, pageResult, timeRange } from './common.js';

/**
 * Type of a fund-details entry, in the order the fund-details page lists them: the transfer's
 * code; a withdrawal given back (rejected or failed) is 'withdrawal_refund', any other pending
 * amount given back is 'refund'.
 */
export const entryTypes = [
  'deposit',
  'withdrawal',
  'withdrawal_refund',
  'bet',
  'payout',
  'refund',
  'cashout',
  'rebate',
  'bonus',
  'commission',
  'dividend',
  'agent_transfer',
  'adjustment',
  'correction',
  'debt_repayment',
] as const;
export type EntryType = (typeof entryTypes)[number];

/** What a ledger transfer is for (docs/design.md §5): every entry type but the refund of a withdrawal. */
export type TransferCode = Exclude<EntryType, 'withdrawal_refund'>;
export const transferCodes = entryTypes.filter((t): t is TransferCode => t !== 'withdrawal_refund');
export const entryType = z.enum(entryTypes);

/** The business row a transfer belongs to, e.g. { table: 'deposit_orders', id: <order number> }. */
export const entryReference = z.object({
  table: z.string(),
  id: z.string(),
  /** What a link to the row needs beside its id (bets: the game type); null for most tables. */
  context: z.string().nullable().optional(),
});

export const balanceEntry = z.object({
  id: z.number().int(),
  type: entryType,
  /** Signed: + money in, − money out (a withdrawal request is − at once; its refund +). */
  amount: money,
  /** Available balance right after this entry. */
  balanceAfter: money,
  createdAt: isoTime,
  reference: entryReference,
  memo: z.string().nullable(),
});
export type BalanceEntry = z.infer<typeof balanceEntry>;

export const balanceDetailsRequest = pageRequest
  .extend({
    type: entryType.optional(),
    ...timeRange.shape,
  })
  .strict();

export const balanceDetails = defineCall({
  method: 'POST',
  path: '/user/balanceDetails',
  auth: true,
  request: balanceDetailsRequest,
  response: envelope(pageResult(balanceEntry)),
});

export const balanceDetailsItem = defineCall({
  method: 'POST',
  path: '/user/balanceDetails/details',
  auth: true,
  request: z.object({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }).strict(),
  response: envelope(
    balanceEntry.extend({
      /** The transfer's own code (a refund entry keeps 'withdrawal' here). */
      code: z.enum(transferCodes),
      /** The ledger transfer that wrote this entry. */
      transferId: z.number().int(),
    }),
  ),
});

/**
 * What the player owes the house (docs/design.md §9, "Result corrections"): a correction took back
 * more than their cash held; their next deposits clear it first. The latest moves, newest first.
 */
/** What the player owes, and its latest moves. */
export const debtState = z.object({
  owed: money,
  moves: z.array(
    z.object({
      /** + owed more (a correction), − cleared (a deposit's repayment). */
      amount: z.number().int(),
      kind: z.enum(['correction', 'repayment']),
      reference: entryReference,
      createdAt: isoTime,
    }),
  ),
});
export type Debt = z.infer<typeof debtState>;

export const debt = defineCall({
  method: 'POST',
  path: '/user/debt',
  auth: true,
  request: z.object({}).strict(),
  response: envelope(debtState),
});
