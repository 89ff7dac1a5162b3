import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Card, Empty, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { taiqiuAdmin } from '@breakshot/contracts';
import { MoneyText } from '../../components/money-text';
import { ReadFailed } from '../../components/read-failed';
import { call } from '../../lib/api';
import { usePollWhileDown } from '../../lib/console-live';
import { paths } from '../../lib/paths';
import { callKey } from '../../lib/query-client';
import { dateTime } from '../../lib/time';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { QUEUE_POLL_MS } from '../../lib/use-queues';
import { alertTexts as t } from './texts';

type TradingAlert = taiqiuAdmin.Alert;
type View = 'open' | 'all';

const VIEWS: View[] = ['open', 'all'];
const kindColor: Record<taiqiuAdmin.AlertKind, string> = {
  limit: 'red',
  big_bet: 'orange',
  both_sides: 'purple',
  linked_sides: 'magenta',
};
const mono = { fontFamily: 'monospace', fontSize: 12 } as const;
const secondary = { fontSize: 12 } as const;

/** The acknowledge button of a row not yet acknowledged, or who acknowledged it and when. */
function AckCell({ alert, onAck, acking }: { alert: TradingAlert; onAck?: (id: number) => void; acking: boolean }) {
  if (alert.ackedAt !== null)
    return (
      <Space orientation="vertical" size={0}>
        <Typography.Text type="secondary">
          {t.acked} · {alert.ackedBy}
        </Typography.Text>
        <Typography.Text type="secondary" style={secondary}>
          {dateTime(alert.ackedAt)}
        </Typography.Text>
      </Space>
    );
  if (!onAck) return null;
  return (
    <Button
      size="small"
      type="primary"
      loading={acking}
      onClick={() => onAck(alert.id)}
      aria-label={`${t.ack} ${alert.id}`}
    >
      {t.ack}
    </Button>
  );
}

function columns(onAck: ((id: number) => void) | undefined, acking: number | undefined): ColumnsType<TradingAlert> {
  return [
    { title: t.at, dataIndex: 'at', width: 170, render: dateTime },
    {
      title: t.kind,
      dataIndex: 'kind',
      width: 120,
      render: (k: TradingAlert['kind']) => <Tag color={kindColor[k]}>{t.kinds[k] ?? k}</Tag>,
    },
    { title: t.match, dataIndex: 'matchName' },
    { title: t.market, dataIndex: 'marketName' },
    {
      title: t.player,
      dataIndex: 'username',
      width: 140,
      render: (u: string | null, a: TradingAlert) => (
        <Space orientation="vertical" size={0}>
          {u ? <Link to={paths.player(u)}>{u}</Link> : '-'}
          {a.linkedUsername && (
            <Typography.Text type="secondary" style={secondary} data-testid="linked-player">
              {t.linkedWith}
              <Link to={paths.player(a.linkedUsername)}>{a.linkedUsername}</Link>
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t.betNo,
      dataIndex: 'betNo',
      width: 170,
      render: (no: string | null) => (no ? <Typography.Text style={mono}>{no}</Typography.Text> : '-'),
    },
    {
      title: t.amount,
      key: 'amount',
      align: 'right',
      width: 140,
      render: (_: unknown, a: TradingAlert) => (
        <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          <MoneyText value={a.amount} strong />
          <Typography.Text type="secondary" style={secondary}>
            {t.amountOf[a.kind]}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t.state,
      key: 'ack',
      width: 170,
      render: (_: unknown, a: TradingAlert) => <AckCell alert={a} onAck={onAck} acking={acking === a.id} />,
    },
  ];
}

/**
 * 风控提醒: the alerts raised to the traders (a market at its liability limit, a big bet, a player
 * on both sides), newest first and read again when their count changes; each acknowledged once seen.
 */
export default function TradingAlertsPage() {
  const may = useMay();
  const [view, setView] = useState<View>('open');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const input = { ...paging, ...(view === 'open' ? { open: true } : {}) };
  // Read again when the count of alerts pushed changes (lib/console-live.tsx); polled while the connection is down.
  const refetchInterval = usePollWhileDown(QUEUE_POLL_MS);
  const query = useQuery({
    queryKey: callKey(taiqiuAdmin.alerts, input),
    queryFn: ({ signal }) => call(taiqiuAdmin.alerts, input, { signal }),
    refetchInterval,
    refetchIntervalInBackground: true,
    placeholderData: keepPreviousData,
  });
  const ack = useAction(taiqiuAdmin.alertAck, { done: t.ackDone, refresh: [taiqiuAdmin.alerts] });
  const data = query.data;
  const acking = ack.isPending ? ack.variables.id : undefined;
  return (
    <>
      <Alert type="info" showIcon title={t.intro} style={{ marginBottom: 16 }} />
      <Card variant="borderless">
        <Tabs
          activeKey={view}
          onChange={(k) => {
            setView(k as View);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          items={VIEWS.map((v) => ({
            key: v,
            label:
              v === 'open' ? (
                <Space size={6}>
                  {t.views.open}
                  <Badge count={data?.open ?? 0} overflowCount={999} data-testid="open-count" />
                </Space>
              ) : (
                t.views.all
              ),
          }))}
        />
        <ReadFailed query={query} style={{ marginBottom: 16 }} />
        <Table<TradingAlert>
          rowKey="id"
          size="middle"
          columns={columns(may(taiqiuAdmin.alertAck) ? (id) => ack.mutate({ id }) : undefined, acking)}
          dataSource={data?.list ?? []}
          loading={query.isLoading || query.isPlaceholderData}
          // 暂无提醒 only once a read has said so (a failed one shows above).
          locale={{ emptyText: data ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} /> : ' ' }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: data?.total ?? 0,
            showTotal: t.total,
          }}
          onChange={(p) => setPaging({ page: p.current ?? 1, pageSize: p.pageSize ?? paging.pageSize })}
        />
      </Card>
    </>
  );
}
