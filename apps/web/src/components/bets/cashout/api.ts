import * as routes from '@breakshot/client/routes';
import { cashout, type RequestOf } from '@breakshot/contracts';
import { call, type DataOf } from '../../../lib/http';
import { USER_QUERY_KEY } from '../../../lib/query-client';

/* The cash-out (提前结算) calls. */

export type CashoutValue = cashout.CashoutValue;
export type Quote = cashout.Quote;
export type CashoutDone = DataOf<typeof cashout.cashout>;
export type UnavailableReason = cashout.UnavailableReason;

/** How long a quote may be taken, ms (the server's). */
export const QUOTE_TTL_MS = cashout.QUOTE_TTL_MS;

/** Most bets one values call may name. */
const MAX_BET_NOS = 500;

/** The cash-out values of these open billiards bets (the server leaves out those no longer open). */
export const fetchCashoutValues = (betNos: readonly string[]) =>
  call(routes.cashout.values, { betNos: betNos.slice(0, MAX_BET_NOS) }).then((d) => d.bets);

/** A quote of the bet's whole running stake, held until its expiresAt. */
export const fetchQuote = (betNo: string) => call(routes.cashout.quote, { betNo });

/** Cashes out `stakePart` at the quote: 409 with data.quote (a fresh one) when it no longer holds. */
export const postCashout = (body: RequestOf<typeof cashout.cashout>) => call(routes.cashout.cashout, body);

/** Sets (at) or clears (null) the bet's automatic cash-out; the answer is its value with autoAt. */
export const postAutoCashout = (betNo: string, at: number | null) => call(routes.cashout.auto, { betNo, at });

/**
 * Keys start with 'user': BALANCE_UPDATED and BET_SETTLED (a cash-out pays, a bet settles) refresh
 * them and logout drops them. CASHOUT_VALUES replaces the values of the bets it names.
 */
export const cashoutKeys = {
  values: (betNos: readonly string[]) => [USER_QUERY_KEY, 'cashout', 'values', betNos] as const,
  all: [USER_QUERY_KEY, 'cashout'] as const,
};
