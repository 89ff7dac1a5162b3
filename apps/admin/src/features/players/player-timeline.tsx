import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button, Empty, Flex, Skeleton, Tag, Timeline, Typography } from 'antd';
import { playersAdmin } from '@breakshot/contracts';
import { betStatusTag } from '../../components/bet-status-tag';
import { ReadFailed } from '../../components/read-failed';
import { call } from '../../lib/api';
import { money } from '../../lib/money';
import { depositStatusLabels, withdrawStatusLabels } from '../../lib/order-labels';
import { callKey } from '../../lib/query-client';
import { dateTime } from '../../lib/time';
import { playerTexts as t } from './texts';

type Event = playersAdmin.TimelineEvent;
type Kind = playersAdmin.TimelineKind;

const kindColor: Record<Kind, string> = {
  login: 'gray',
  deposit: 'green',
  withdrawal: 'red',
  bet: 'blue',
  limit: 'orange',
  note: 'purple',
};

const limitAmount = (v: number | null) => (v === null ? t.noLimit : money(v));

function limitText(change: playersAdmin.LimitChange): string {
  switch (change.limit) {
    case 'deposit':
      return t.depositLimitsAsked(
        limitAmount(change.amounts.day),
        limitAmount(change.amounts.week),
        limitAmount(change.amounts.month),
      );
    case 'reminder':
      return `${t.reminder}：${change.minutes === 0 ? t.reminderOff : t.reminderEvery(change.minutes)}`;
    case 'exclusion':
      return t.excludedFor(change.days, dateTime(change.until));
  }
}

const muted = (text: string) => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    {text}
  </Typography.Text>
);

/** What the event says, in a line or two. */
function describe(e: Event): ReactNode {
  switch (e.kind) {
    case 'login':
      return (
        <>
          <Typography.Text>{t.loginFrom(e.ip ?? '-')}</Typography.Text>
          <br />
          <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, maxWidth: 640 }}>
            {e.device ?? '-'}
          </Typography.Text>
        </>
      );
    case 'deposit':
      return (
        <>
          <Typography.Text strong>{money(e.amount)}</Typography.Text> <Tag>{depositStatusLabels[e.status]}</Tag>
          {muted(e.orderNo)}
        </>
      );
    case 'withdrawal':
      return (
        <>
          <Typography.Text strong>{money(e.amount)}</Typography.Text> <Tag>{withdrawStatusLabels[e.status]}</Tag>
          {muted(e.orderNo)}
        </>
      );
    case 'bet':
      return (
        <>
          <Typography.Text>{e.gameName}</Typography.Text> · <Typography.Text strong>{money(e.stake)}</Typography.Text>{' '}
          {betStatusTag(e.status)}
          {muted(e.betNo)}
        </>
      );
    case 'limit':
      return <Typography.Text>{limitText(e.change)}</Typography.Text>;
    case 'note':
      return (
        <>
          <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{e.body}</Typography.Text> {muted(t.noteBy(e.by))}
        </>
      );
  }
}

/**
 * 时间线: the player's logins, deposits, withdrawals, bets, limit changes and notes, newest first
 * (docs/design.md §9, "Player risk"); 加载更多 reads the page after the last one shown.
 */
export function PlayerTimeline({ userId }: { userId: number }) {
  const query = useInfiniteQuery({
    queryKey: callKey(playersAdmin.playerTimeline, { userId }),
    queryFn: ({ pageParam, signal }) =>
      call(playersAdmin.playerTimeline, pageParam ? { userId, after: pageParam } : { userId }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
  const events = query.data?.pages.flatMap((p) => p.items);
  if (query.error && !events) return <ReadFailed query={query} />;
  if (!events) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (events.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noEvents} />;
  return (
    <>
      <Timeline
        data-testid="player-timeline"
        items={events.map((e) => ({
          key: `${e.kind}-${e.id}`,
          color: kindColor[e.kind],
          content: (
            <Flex vertical gap={2}>
              {muted(dateTime(e.at))}
              <Flex gap={8} align="baseline" wrap data-testid={`event-${e.kind}`}>
                <Tag color={kindColor[e.kind] === 'gray' ? 'default' : kindColor[e.kind]}>{t.eventKinds[e.kind]}</Tag>
                <span>{describe(e)}</span>
              </Flex>
            </Flex>
          ),
        }))}
      />
      <ReadFailed query={query} style={{ marginBottom: 12 }} />
      <Flex justify="center" gap={16} align="center" style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">{t.eventsShown(events.length)}</Typography.Text>
        {query.hasNextPage ? (
          <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
            {t.more}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t.noMore}</Typography.Text>
        )}
      </Flex>
    </>
  );
}
