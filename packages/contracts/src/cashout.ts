import { z } from 'zod';
import {
  cashoutQuote,
  cashoutUnavailableReason,
  defineCall,
  envelope,
  isoTime,
  money,
  positiveMoney,
} from './common.js';
import { str } from './fields.js';

/*
 * Cash-out (提前结算) of open billiards bets, singles and parlays (docs/design.md §9, "Cash-out").
 * A bet's value is what its running stake is expected to return at the model's fair prices, less
 * the operator's cash-out margin. A quote holds that value for a few seconds; a cash-out takes a
 * part of the running stake (all of it: the bet settles as cashed out) at the quote's value, if the
 * value now has not fallen below the quote by more than the tolerance. An automatic cash-out takes
 * the whole running stake on the first feed event after which the value reaches the amount set.
 */

/** How long a quote may be taken, ms. */
export const QUOTE_TTL_MS = 5_000;

/**
 * Why a bet cannot be cashed out now: pending (its in-play acceptance is not decided), suspended
 * (a market of it is suspended), off (the operator switched cash-out off on a match of it),
 * settling (its outcome is decided, its settlement under way), settled (it was settled or
 * rejected), none (it is worth nothing now).
 */
export const unavailableReason = cashoutUnavailableReason;
export type UnavailableReason = z.infer<typeof unavailableReason>;

const betNo = str().min(1, 'required').max(32, 'too_long');

/** A bet's cash-out as it stands. */
export const cashoutValue = z.object({
  betNo: z.string(),
  /** The stake still running: the stake less what was cashed out. */
  runningStake: money,
  /** What the whole running stake cashes out for now; null when it cannot be (`unavailable`). */
  value: money.nullable(),
  unavailable: unavailableReason.nullable(),
  /** The automatic cash-out set on the bet: the value at which it is taken; null when none is set. */
  autoAt: money.nullable(),
});
export type CashoutValue = z.infer<typeof cashoutValue>;

/** The caller's open billiards bets' cash-out values (the given ones, or all, newest first, at most 500). */
export const values = defineCall({
  method: 'POST',
  path: '/taiqiu/cashout/values',
  auth: true,
  request: z.strictObject({ betNos: z.array(betNo).max(500, 'too_many').optional() }),
  response: envelope(z.object({ bets: z.array(cashoutValue) })),
});

export const quoteAnswer = cashoutQuote;
export type Quote = z.infer<typeof quoteAnswer>;

/** Quotes the bet's cash-out. A bet that cannot be cashed out now: 422, data.cashoutReason saying why (its message cashoutPending, cashoutSuspended, cashoutOff, cashoutSettling, cashoutSettled or cashoutNone). */
export const quote = defineCall({
  method: 'POST',
  path: '/taiqiu/cashout/quote',
  auth: true,
  request: z.strictObject({ betNo }),
  response: envelope(quoteAnswer),
});

/**
 * Cashes out `stakePart` of the bet's running stake (all of it: the bet settles as cashed out;
 * less: the rest runs on) at the quote, paid through the ledger. A quote expired, used, or
 * whose value has fallen by more than the tolerance since: 409 cashoutRequote with a fresh quote in
 * data.quote (or the 422 of quote, if none can be given). A part above the running stake:
 * 422 cashoutPartTooLarge; a part whose share of the value rounds to nothing: 422 cashoutNone. Each quote is taken once.
 */
export const cashout = defineCall({
  method: 'POST',
  path: '/taiqiu/cashout',
  auth: true,
  request: z.strictObject({ betNo, quoteId: str().min(1, 'required').max(64, 'too_long'), stakePart: positiveMoney }),
  response: envelope(
    z.object({
      betNo: z.string(),
      /** What this cash-out paid. */
      paid: money,
      stakePart: money,
      /** What still runs (0: the bet is settled as cashed out). */
      runningStake: money,
      status: z.enum(['open', 'cashout']),
    }),
  ),
});

/**
 * Sets (or with `at` null clears) the bet's automatic cash-out: the server cashes out the whole
 * running stake at the value then, on the first feed event after which the value is at least `at`.
 */
export const auto = defineCall({
  method: 'POST',
  path: '/taiqiu/cashout/auto',
  auth: true,
  request: z.strictObject({ betNo, at: positiveMoney.nullable().default(null) }),
  response: envelope(cashoutValue),
});

/** One cash-out of a bet, as records show it. */
export const cashoutRecord = z.object({
  stakePart: money,
  paid: money,
  /** Taken by the automatic cash-out. */
  auto: z.boolean(),
  at: isoTime,
});
export type CashoutRecord = z.infer<typeof cashoutRecord>;

/** The operator's cash-out rules of the book. */
export const cashoutRuleSet = z.object({
  /** Taken off the fair value, basis points. */
  marginBp: z.number().int(),
  /** How far below its quote the value may fall and the quote still be taken, basis points. */
  toleranceBp: z.number().int(),
});
export type CashoutRuleSet = z.infer<typeof cashoutRuleSet>;
