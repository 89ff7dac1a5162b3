import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { LiveEventMessage, LiveStatus } from './live';
import { live } from './session';

/**
 * Runs `handler` for every live event of `type` while the component is mounted (the latest
 * handler is used; no resubscribe when it changes).
 */
export function useLiveEvent<E extends LiveEventMessage = LiveEventMessage>(
  type: string,
  handler: (event: E) => void,
): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => live.on<E>(type, (event) => ref.current(event)), [type]);
}

/** The live connection's status; re-renders when it changes. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(live.subscribe, live.getStatus, live.getStatus);
}

/**
 * Calls `reload` when the live connection opens while the component is mounted (again after a
 * drop), or when it is open at mount but opened after the data shown was read (`dataUpdatedAt`):
 * news told while it was not open never comes (between the server's page and the app's
 * connection, or during a drop), so the page would stay behind until the next.
 */
export function useCatchUpWithLive(dataUpdatedAt: number, reload: () => void): void {
  const status = useLiveStatus();
  const last = useRef<LiveStatus | null>(null);
  useEffect(() => {
    const was = last.current;
    last.current = status;
    if (status !== 'open') return;
    const opened = live.getOpenedAt();
    const readBefore = was === null && dataUpdatedAt > 0 && opened !== null && dataUpdatedAt < opened;
    if (readBefore || (was !== null && was !== 'open')) reload();
    // Only the connection's status changing asks for a read (and the mount): not new data or a new reload.
  }, [status]);
}

/**
 * For live news about a query's data, before applying it: when the query's answer is still on its
 * way it may have been read before the news (a market reopened while the page loaded would stay
 * closed until the next news), so the query is asked again once that answer has arrived, and true
 * says the news need not be applied. The answer on its way is never cancelled: news every second
 * or two (a live match's visits) would otherwise keep the page from ever getting one.
 */
export function refetchIfInFlight(queryClient: QueryClient, queryKey: QueryKey): boolean {
  if (queryClient.getQueryData(queryKey) !== undefined && queryClient.isFetching({ queryKey }) === 0) return false;
  void queryClient
    .refetchQueries({ queryKey }, { cancelRefetch: false })
    .then(() => queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false }));
  return true;
}
