import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LiveEventMessage } from '../../../lib/live';
import { refetchIfInFlight, useLiveEvent } from '../../../lib/use-live';
import { betKeys } from '../api/bet-record-list';
import { cashoutKeys, fetchCashoutValues, type CashoutValue } from '../api/cashout';
import { cashoutValuesOf, mergeValues, runningMoved } from './live-values';

/**
 * The cash-out values of these open billiards bets: one taiqiu/cashout/values call for them all,
 * then CASHOUT_VALUES replaces the values of the bets it names. News that moves a bet's running
 * stake (an automatic cash-out) refreshes the bet records too.
 */
export function useCashoutValues(betNos: readonly string[]) {
  const queryClient = useQueryClient();
  const key = cashoutKeys.values(betNos);
  const q = useQuery({
    queryKey: key,
    queryFn: () => fetchCashoutValues(betNos),
    enabled: betNos.length > 0,
    // More rows loaded: the buttons keep their values while the new call is on its way.
    placeholderData: keepPreviousData,
  });

  useLiveEvent<LiveEventMessage>('CASHOUT_VALUES', (ev) => {
    const news = cashoutValuesOf(ev)?.filter((b) => betNos.includes(b.betNo));
    if (!news || news.length === 0) return;
    if (refetchIfInFlight(queryClient, key)) return;
    const before = queryClient.getQueryData<CashoutValue[]>(key);
    if (!before) return;
    queryClient.setQueryData<CashoutValue[]>(key, mergeValues(before, news, betNos));
    if (runningMoved(before, news)) void queryClient.invalidateQueries({ queryKey: betKeys.all });
  });

  const byBetNo = useMemo(() => new Map((q.data ?? []).map((b) => [b.betNo, b])), [q.data]);
  return {
    byBetNo,
    /** The values are loaded (a bet missing from them is no longer open). */
    loaded: q.isSuccess && !q.isPlaceholderData,
    failed: q.isError,
    /** The answer of auto: that bet's value as it now is. */
    replace: (value: CashoutValue) =>
      queryClient.setQueryData<CashoutValue[]>(key, (before) => before && mergeValues(before, [value], betNos)),
  };
}

export type CashoutValues = ReturnType<typeof useCashoutValues>;
