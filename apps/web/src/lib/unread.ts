import * as routes from '@breakshot/client/routes';
import type { inbox } from '@breakshot/contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { call } from './http';
import { queryClient as appQueryClient } from './query-client';
import { live, useSession } from './session';

/*
 * The unread message count of the 我的 tab and the 我的消息 tile: one query shared by both,
 * set at once by MESSAGE_RECEIVED (which carries the counts) and refreshed after the inbox marks
 * or deletes messages and when the operator publishes or withdraws a notice.
 */

/** Under 'user': logging out drops it, and a balance change (a deposit…) refreshes it. */
export const inboxKeys = {
  all: ['user', 'inbox'] as const,
  unread: () => ['user', 'inbox', 'unread'] as const,
  tab: (tab: inbox.InboxTab) => ['user', 'inbox', 'tab', tab] as const,
  item: (tab: inbox.InboxTab, id: number) => ['user', 'inbox', 'item', tab, id] as const,
};

export type UnreadCounts = inbox.UnreadCounts;

/** The counts, or undefined while logged out or loading. */
export function useUnreadCounts(): UnreadCounts | undefined {
  const loggedIn = useSession((s) => s.token !== null);
  const q = useQuery({
    queryKey: inboxKeys.unread(),
    queryFn: () => call(routes.inbox.userMessageUnreadCount, {}),
    enabled: loggedIn,
    staleTime: 60_000,
  });
  return loggedIn ? q.data : undefined;
}

/** Announcements and messages not read yet; 0 while logged out. */
export const useUnreadTotal = (): number => useUnreadCounts()?.total ?? 0;

/** After the inbox changed marks: the counts the call answered, and the lists refetched. */
export function inboxChanged(counts: UnreadCounts, qc: QueryClient = appQueryClient): void {
  qc.setQueryData(inboxKeys.unread(), counts);
  void qc.invalidateQueries({ queryKey: inboxKeys.all, predicate: (q) => q.queryKey[2] !== 'unread' });
}

/** A broadcast reaches every player at once: their apps ask for their counts spread over this long. */
const BROADCAST_SPREAD_MS = 5_000;

live.on<{ type: string; unread?: UnreadCounts }>('MESSAGE_RECEIVED', (event) => {
  if (event.unread) inboxChanged(event.unread);
  else
    setTimeout(
      () => void appQueryClient.invalidateQueries({ queryKey: inboxKeys.all }),
      Math.random() * BROADCAST_SPREAD_MS,
    );
});
for (const type of ['NOTICE_PUBLISHED', 'NOTICE_WITHDRAWN'])
  live.on(type, () => void appQueryClient.invalidateQueries({ queryKey: inboxKeys.all }));
