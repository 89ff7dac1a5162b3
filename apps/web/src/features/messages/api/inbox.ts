import { inbox } from '@breakshot/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { inboxChanged, inboxKeys } from '../../../lib/unread';

export type InboxTab = inbox.InboxTab;
export type InboxItem = inbox.InboxItem;

/** One page of a tab, newest first. */
export const fetchInbox = (tab: InboxTab, page: number, pageSize: number) =>
  call(inbox.userMessage, { tab, page, pageSize });

/** One item with its body (404 when it is not the player's, deleted or withdrawn). */
const fetchInboxItem = async (tab: InboxTab, id: number): Promise<InboxItem> => {
  const { list } = await call(inbox.userMessage, { tab, id, page: 1, pageSize: 1 });
  const [item] = list;
  if (!item) throw new Error(`inbox item ${tab}/${id} missing`);
  return item;
};

export const useInboxItem = (tab: InboxTab, id: number) =>
  useQuery({ queryKey: inboxKeys.item(tab, id), queryFn: () => fetchInboxItem(tab, id), enabled: id > 0 });

/** Marks items (or every item of the tab) read; the badge and the lists follow. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { tab: InboxTab; ids?: number[]; all?: true }) => call(inbox.userMessageAsRead, body),
    onSuccess: (counts) => inboxChanged(counts, qc),
  });
}

/** Deletes personal messages for this player. */
export function useDeleteMessages() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(inbox.userMessageAsDelete, { ids }),
    onSuccess: (counts) => inboxChanged(counts, qc),
  });
}
