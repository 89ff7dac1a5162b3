import { cashoutValues } from '@breakshot/contracts';
import type { LiveEventMessage } from '../../../lib/live';
import type { CashoutValue } from './api';

/** The bets a CASHOUT_VALUES event tells of, when it is one and well formed; else null. */
export function cashoutValuesOf(ev: LiveEventMessage): CashoutValue[] | null {
  const parsed = cashoutValues.safeParse(ev);
  return parsed.success ? parsed.data.bets : null;
}

/**
 * The values after news: each bet told of replaces the one of its betNo, a bet of `betNos` not
 * held yet joins them; the others stay.
 */
export function mergeValues(
  before: readonly CashoutValue[],
  news: readonly CashoutValue[],
  betNos: readonly string[],
): CashoutValue[] {
  const told = new Map(news.filter((b) => betNos.includes(b.betNo)).map((b) => [b.betNo, b]));
  const merged = before.map((b) => told.get(b.betNo) ?? b);
  for (const b of told.values()) if (!before.some((o) => o.betNo === b.betNo)) merged.push(b);
  return merged;
}

/** Whether news moved a bet's running stake (an automatic cash-out was taken): its record changed too. */
export const runningMoved = (before: readonly CashoutValue[], news: readonly CashoutValue[]): boolean =>
  news.some((n) => {
    const old = before.find((b) => b.betNo === n.betNo);
    return old !== undefined && old.runningStake !== n.runningStake;
  });
