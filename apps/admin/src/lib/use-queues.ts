import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { paymentsAdmin, withdrawalsAdmin, playersAdmin } from '@breakshot/contracts';
import { call } from './api';
import { beep } from './beep';
import { usePollWhileDown } from './console-live';
import { isMuted } from './mute';
import { callKey } from './query-client';

export type QueueCounts = playersAdmin.QueueCounts;

/** How often the console asks for new work while its live connection is down (else the server pushes it). */
export const QUEUE_POLL_MS = 5_000;

/** The counts the layout last read or was pushed (no request of its own). */
export function useQueueCounts(): QueueCounts | undefined {
  return useQuery({
    queryKey: callKey(playersAdmin.queues),
    queryFn: () => call(playersAdmin.queues, {}),
    enabled: false,
  }).data;
}

/** Lists that show the queues' rows: refreshed when new work arrives. */
const QUEUE_LISTS = [
  paymentsAdmin.depositsPending,
  paymentsAdmin.depositsList,
  withdrawalsAdmin.withdrawalsList,
  playersAdmin.dashboard,
];

export function arrived(prev: QueueCounts, next: QueueCounts): boolean {
  const newer =
    next.newestAt !== null && (prev.newestAt === null || Date.parse(next.newestAt) > Date.parse(prev.newestAt));
  return (
    newer ||
    next.manualDeposits > prev.manualDeposits ||
    next.withdrawalsReviewing > prev.withdrawalsReviewing ||
    next.withdrawalsApproved > prev.withdrawalsApproved
  );
}

/**
 * The queues while `enabled`: pushed over the live connection (lib/console-live.tsx), polled every
 * 5 s while it is down. On a new arrival (pushed or read) chimes (unless muted), shows a
 * notification and refreshes the deposit and withdrawal lists.
 */
export function useQueues(enabled: boolean): QueueCounts | undefined {
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  const refetchInterval = usePollWhileDown(QUEUE_POLL_MS);
  const { data } = useQuery({
    queryKey: callKey(playersAdmin.queues),
    queryFn: ({ signal }) => call(playersAdmin.queues, {}, { signal }),
    refetchInterval,
    refetchIntervalInBackground: true,
    staleTime: 0,
    enabled,
  });
  const previous = useRef<QueueCounts | undefined>(undefined);

  useEffect(() => {
    if (!data) return;
    const prev = previous.current;
    previous.current = data;
    if (!prev || !arrived(prev, data)) return;
    if (!isMuted()) beep();
    notification.info({
      key: 'queues',
      title: '有新的待处理事项',
      description: `待确认充值 ${data.manualDeposits} · 待审核提现 ${data.withdrawalsReviewing} · 待出款 ${data.withdrawalsApproved}`,
      placement: 'bottomRight',
    });
    for (const list of QUEUE_LISTS) void queryClient.invalidateQueries({ queryKey: callKey(list) });
  }, [data, notification, queryClient]);

  return data;
}
