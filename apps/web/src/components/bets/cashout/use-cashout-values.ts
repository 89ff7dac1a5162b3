import { keepPreviousData, useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LiveEventMessage } from '../../../lib/live';
import { refetchIfInFlight, useLiveEvent } from '../../../lib/use-live';
import { USER_QUERY_KEY } from '../../../lib/query-client';
import { cashoutKeys, fetchCashoutValues, type CashoutValue } from './api';
import { cashoutValuesOf, mergeValues, runningMoved } from './live-values';

/**
 * The cash-out values of these open billiards bets: one taiqiu/cashout/values call for them all,
 * then CASHOUT_VALUES replaces the values of the bets it names. News that moves a bet's running
 * stake (an automatic cash-out) refreshes the player's data, as a cash-out in the sheet does.
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
    if (runningMoved(before, news))
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY], predicate: notValues });
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

/** Every query of the player but the cash-out values, which the news itself brought. */
const notValues = (q: Query) => q.queryKey[1] !== cashoutKeys.all[1];

export type CashoutValues = ReturnType<typeof useCashoutValues>;
