import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { feed, feedAdmin, type DataOf } from '@breakshot/contracts';
import { call, errorText } from '../../lib/api';
import { callKey } from '../../lib/query-client';
import { dateTime } from '../../lib/time';
import { Since } from './since';
import { feedTexts as t } from './texts';

type Log = DataOf<typeof feedAdmin.matchEvents>;
type Event = Log['list'][number];

const mono = { fontFamily: 'monospace', fontSize: 12 } as const;
const stateColor: Record<string, string> = { applied: 'green', held: 'orange', superseded: 'default' };
const feedStateColor: Record<string, string> = { ok: 'green', gap: 'orange', stale: 'red' };
const PAGE_SIZES = [20, 50, 100];
/** Fields every event has (its ids, number, type, time at the table): the row shows most of them already. */
const HEAD_FIELDS = new Set(['id', 'match', 'seq', 'type', 'at']);
const isHead = ([field]: [string, unknown]) => (HEAD_FIELDS.has(field) ? 1 : 0);
/** The whole body on one line, what the event says first (a long row is cut at the column's end). */
const compactOf = (body: Event['body']) =>
  JSON.stringify(Object.fromEntries(Object.entries(body).sort((a, b) => isHead(a) - isHead(b))));

const columns: ColumnsType<Event> = [
  { title: t.seq, dataIndex: 'seq', width: 80, align: 'right' },
  { title: t.type, dataIndex: 'type', width: 110, render: (type: string) => t.types[type] ?? type },
  {
    title: t.state,
    dataIndex: 'state',
    width: 130,
    render: (s: string) => <Tag color={stateColor[s]}>{t.states[s] ?? s}</Tag>,
  },
  { title: t.receivedAt, dataIndex: 'receivedAt', width: 180, render: dateTime },
  {
    title: t.body,
    dataIndex: 'body',
    ellipsis: true,
    render: (body: Event['body']) => <Typography.Text style={mono}>{compactOf(body)}</Typography.Text>,
  },
];

/** The event as it was posted, indented: the expanded row. */
const bodyOf = (e: Event) => (
  <pre style={{ ...mono, margin: 0, whiteSpace: 'pre-wrap' }}>{JSON.stringify(e.body, null, 2)}</pre>
);

/** Where the match's feed stands: its provider and id there, the last event applied, its state, when it was last heard. */
function FeedHead({ log }: { log: Log }) {
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 3, xl: 5 }} style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t.provider}>
        <Typography.Text style={{ ...mono, whiteSpace: 'nowrap' }}>{log.providerId}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t.feedMatch}>
        <Typography.Text copyable style={mono}>
          {log.feedMatch}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t.appliedSeq}>{log.seq}</Descriptions.Item>
      <Descriptions.Item label={t.feedState}>
        <Tag color={feedStateColor[log.feedState]}>{t.feedStates[log.feedState] ?? log.feedState}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t.heardAt}>
        <Space size={6} wrap>
          {log.heardAt && <span>{dateTime(log.heardAt)}</span>}
          <Typography.Text type="secondary">
            <Since at={log.heardAt} />
          </Typography.Text>
        </Space>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** One match's feed: its position and its events, newest first, a page at a time. */
export function MatchFeed({ matchId }: { matchId: number }) {
  const [paging, setPaging] = useState({ page: 1, pageSize: PAGE_SIZES[0]! });
  const input = { matchId, ...paging };
  const { data, error, isFetching } = useQuery({
    queryKey: callKey(feedAdmin.matchEvents, input),
    queryFn: ({ signal }) => call(feedAdmin.matchEvents, input, { signal }),
    placeholderData: keepPreviousData,
  });
  if (error) return <Alert type="error" showIcon title={errorText(error)} />;
  const fed = data !== undefined && data.providerId !== null;
  return (
    <>
      {fed && <FeedHead log={data} />}
      {fed && (
        <Typography.Paragraph type="secondary">
          {data.providerId === feed.CONSOLE_PROVIDER ? t.handEntriesConsole : t.handEntriesOverride}
        </Typography.Paragraph>
      )}
      {data && !fed && <Alert type="info" showIcon title={t.notFed} style={{ marginBottom: 16 }} />}
      <Table<Event>
        rowKey="eventId"
        size="middle"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={isFetching}
        expandable={{ expandedRowRender: bodyOf }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES,
          showTotal: t.total,
        }}
        onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? PAGE_SIZES[0]! })}
      />
    </>
  );
}
