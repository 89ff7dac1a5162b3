import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { parseAmountInput } from '../../../lib/amount';
import { ApiError } from '../../../lib/http';
import { USER_QUERY_KEY } from '../../../lib/query-client';
import { useSession } from '../../../lib/session';
import { errorText } from '../../../lib/toast';
import { cashoutKeys, fetchQuote, postCashout, QUOTE_TTL_MS, type Quote } from './api';
import { partError, partValue, quoteDeadline } from './cashout-math';
import { initialSheet, sheetReducer, type PartMode } from './cashout-state';
import { useCountdown } from './use-countdown';

/**
 * The cash-out sheet of one bet: a quote asked for at once (and again once it has expired), the
 * part of the running stake chosen (all, or an amount), its value, and the cash-out. A 409 with a
 * fresh quote puts it in place, its amount said, to be confirmed again; another refusal shows the
 * server's text. Done: the player's data (records, values, balance) is refreshed.
 */
export function useCashoutSheet(betNo: string) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(sheetReducer, initialSheet);
  const sending = useRef(false);
  const take = (quote: Quote, requoted: boolean) =>
    dispatch({ type: 'quoted', quote, deadline: quoteDeadline(quote.expiresAt, Date.now(), QUOTE_TTL_MS), requoted });

  const requote = useCallback(async () => {
    dispatch({ type: 'quoting' });
    try {
      take(await fetchQuote(betNo), false);
    } catch (err) {
      dispatch({ type: 'quoteFailed', text: errorText(err) });
    }
  }, [betNo]);
  useEffect(() => void requote(), [requote]);

  const { quote, mode, typed } = state;
  const secondsLeft = useCountdown(quote ? state.deadline : null);
  const expired = quote !== null && secondsLeft <= 0;
  const part = quote === null ? null : mode === 'all' ? quote.runningStake : parseAmountInput(typed);
  const error = quote !== null && mode === 'part' ? partError(part, typed, quote) : null;
  const value =
    quote !== null && part !== null && error === null ? partValue(quote.value, part, quote.runningStake) : null;

  const submit = async () => {
    dispatch({ type: 'touch' });
    if (quote === null || part === null || error !== null || expired || sending.current) return;
    sending.current = true;
    dispatch({ type: 'sending' });
    try {
      const done = await postCashout({ betNo, quoteId: quote.quoteId, stakePart: part });
      dispatch({ type: 'done', done });
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_KEY] });
      void useSession.getState().loadUserInfo();
    } catch (err) {
      const fresh = err instanceof ApiError && err.code === 409 ? err.data?.quote : undefined;
      if (fresh && fresh.betNo === betNo) {
        take(fresh, true);
      } else {
        dispatch({ type: 'refused', text: errorText(err) });
        // Cannot be cashed out now (or not that much): the buttons show why.
        if (err instanceof ApiError && err.code === 422)
          void queryClient.invalidateQueries({ queryKey: cashoutKeys.all });
      }
    } finally {
      sending.current = false;
    }
  };

  return {
    state,
    quote,
    secondsLeft,
    expired,
    /** The part of the running stake to cash out (minor units), when it reads as an amount. */
    part,
    /** Why the part cannot be cashed out, once touched. */
    partError: state.touched ? error : null,
    /** What the part cashes out for at the quote. */
    value,
    busy: state.phase.kind === 'sending',
    setMode: (m: PartMode) => dispatch({ type: 'mode', mode: m }),
    type: (text: string) => dispatch({ type: 'type', text }),
    pick: (minor: number) => dispatch({ type: 'pick', minor }),
    requote: () => void requote(),
    submit,
  };
}

export type CashoutSheetModel = ReturnType<typeof useCashoutSheet>;
