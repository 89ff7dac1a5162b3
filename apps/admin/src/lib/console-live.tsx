import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient, type InvalidateQueryFilters, type QueryClient } from '@tanstack/react-query';
import { consoleLive, operatorsAdmin, playersAdmin, taiqiuAdmin } from '@breakshot/contracts';
import { call } from './api';
import { ConsoleSocket, type LiveState } from './console-socket';
import { callKey } from './query-client';

export type { LiveState } from './console-socket';

/*
 * The console's live connection in React (docs/design.md §6): opened once by the logged-in layout,
 * it puts what the server pushes into the query cache: the queue counts as they are, and news of a
 * billiards book as reads again of what shows it (liability, the ticker, the exposure overview, the
 * match list). Polling is the fallback: the pages poll only while it is not open (usePollWhileDown),
 * and go on polling once the server has ended it (`ended`: the session is over).
 */

/** Without the provider (a page rendered alone) nothing is pushed: the pages poll as before. */
const LiveStateContext = createContext<LiveState>('down');

/** Queries that list matches only to choose one: news of a book does not read them again. */
export const QUIET_ON_NEWS = { quietOnNews: true } as const;

/** News of the same matches within this long make one read of the lists (the server sends at most one per 250 ms per match). */
const NEWS_BATCH_MS = consoleLive.TRADING_NEWS_MS;

/** The state of the console's live connection. */
export function useLiveState(): LiveState {
  return useContext(LiveStateContext);
}

/** A query's refetchInterval: `ms` while the live connection is not open, none while news arrive. */
export function usePollWhileDown(ms: number): number | false {
  return useLiveState() === 'open' ? false : ms;
}

/**
 * Reads the queries again without cancelling a read under way (news every 250 ms would keep a
 * page from ever getting an answer); when one was under way, it may have started before the news,
 * so they are read once more after it.
 */
export function refresh(queryClient: QueryClient, filters: InvalidateQueryFilters): void {
  const busy = queryClient.isFetching(filters) > 0;
  void queryClient.invalidateQueries(filters, { cancelRefetch: false }).then(() => {
    if (busy) return queryClient.invalidateQueries(filters, { cancelRefetch: false });
  });
}

/**
 * The pushed counts become the queues query's data, as a read would; a changed count of alerts
 * reads again the alerts and the exposure overview (its open alerts by match).
 */
export function applyQueues(queryClient: QueryClient, counts: playersAdmin.QueueCounts): void {
  const key = callKey(playersAdmin.queues);
  const before = queryClient.getQueryData<playersAdmin.QueueCounts>(key);
  queryClient.setQueryData(key, counts);
  if (!before || before.tradingAlerts !== counts.tradingAlerts) {
    refresh(queryClient, { queryKey: callKey(taiqiuAdmin.alerts) });
    refresh(queryClient, { queryKey: callKey(taiqiuAdmin.exposure) });
  }
}

/**
 * Reads again what shows the books of these matches: each one's liability, the ticker, the
 * exposure overview, the match list.
 */
export function applyTradingNews(queryClient: QueryClient, matchIds: Iterable<number>): void {
  for (const matchId of matchIds) refresh(queryClient, { queryKey: callKey(taiqiuAdmin.liability, { matchId }) });
  refresh(queryClient, { queryKey: callKey(taiqiuAdmin.ticker) });
  refresh(queryClient, { queryKey: callKey(taiqiuAdmin.exposure) });
  refresh(queryClient, {
    queryKey: callKey(taiqiuAdmin.matchesList),
    predicate: (query) => query.meta?.quietOnNews !== true,
  });
}

/** Collects the matches of TRADING_CHANGED news for NEWS_BATCH_MS, then reads their pages once. */
function tradingBatcher(queryClient: QueryClient) {
  const matchIds = new Set<number>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    add(matchId: number) {
      matchIds.add(matchId);
      timer ??= setTimeout(() => {
        timer = null;
        const ids = [...matchIds];
        matchIds.clear();
        applyTradingNews(queryClient, ids);
      }, NEWS_BATCH_MS);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
      matchIds.clear();
    },
  };
}

/**
 * Keeps the console's live connection while `enabled` (a logged-in operator), closed when it is
 * not or when the layout goes (logout); gives its state to useLiveState below it.
 */
export function ConsoleLiveProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LiveState>(enabled ? 'connecting' : 'down');

  useEffect(() => {
    if (!enabled) {
      setState('down');
      return;
    }
    const trading = tradingBatcher(queryClient);
    const socket = new ConsoleSocket({
      ticket: async () => (await call(operatorsAdmin.liveTicket, {})).ticket,
      onEvent: (event) => {
        if (event.type === 'QUEUES_UPDATED') applyQueues(queryClient, event.counts);
        else trading.add(event.matchId);
      },
      onState: setState,
      // The session ended elsewhere (logout in another tab, disabled): `me` answers 401, which logs out here.
      onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: callKey(operatorsAdmin.me) }),
    });
    socket.start();
    return () => {
      socket.stop();
      trading.cancel();
    };
  }, [enabled, queryClient]);

  return <LiveStateContext.Provider value={enabled ? state : 'down'}>{children}</LiveStateContext.Provider>;
}
