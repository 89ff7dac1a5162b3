import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Badge, Button, Drawer, List, Popconfirm, Space, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { paymentsAdmin, playersAdmin } from '@breakshot/contracts';
import { ContractTable, type RowOf } from '../../components/contract-table';
import { MoneyText } from '../../components/money-text';
import { call, errorText } from '../../lib/api';
import { money } from '../../lib/money';
import { dateTime } from '../../lib/time';
import { callKey } from '../../lib/query-client';
import { useAction } from '../../lib/use-action';
import { useMay } from '../../lib/use-may';
import { useQueueCounts } from '../../lib/use-queues';
import { depositTexts as t } from './texts';

type PendingRow = RowOf<typeof paymentsAdmin.depositsPending>;
type DepositRow = RowOf<typeof paymentsAdmin.depositsList>;

const statusColor: Record<string, string> = {
  PENDING: 'processing',
  PAID: 'success',
  EXPIRED: 'default',
  FAILED: 'error',
};
const statusTag = (s: string) => <Tag color={statusColor[s]}>{t.statuses[s] ?? s}</Tag>;
const orderNo = (v: string) => (
  <Typography.Text copyable={{ text: v }} style={{ whiteSpace: 'nowrap' }}>
    {v}
  </Typography.Text>
);

function ConfirmButton({ row }: { row: PendingRow }) {
  const confirm = useAction(paymentsAdmin.depositConfirm, {
    done: t.confirmed,
    refresh: [paymentsAdmin.depositsPending, paymentsAdmin.depositsList, playersAdmin.queues, playersAdmin.dashboard],
  });
  return (
    <Popconfirm
      title={t.confirmTitle(row.orderNo, money(row.amount))}
      description={t.confirmHint}
      onConfirm={() => confirm.mutateAsync({ orderNo: row.orderNo }).catch(() => undefined)}
    >
      <Button type="primary" size="small" loading={confirm.isPending}>
        {t.confirm}
      </Button>
    </Popconfirm>
  );
}

function Callbacks({ orderNo: no, onClose }: { orderNo: string | null; onClose: () => void }) {
  const { data, error, isLoading } = useQuery({
    queryKey: callKey(paymentsAdmin.depositCallbacks, { orderNo: no }),
    queryFn: () => call(paymentsAdmin.depositCallbacks, { orderNo: no ?? '' }),
    enabled: no !== null,
  });
  return (
    <Drawer open={no !== null} onClose={onClose} width={640} title={no ? t.callbacksTitle(no) : ''}>
      {error ? (
        <Alert type="error" showIcon title={errorText(error)} />
      ) : (
        <List
          loading={isLoading}
          dataSource={data?.list ?? []}
          locale={{ emptyText: t.noCallbacks }}
          renderItem={(c) => (
            <List.Item>
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Space wrap>
                  <Tag color="blue">{c.gateway}</Tag>
                  <Tag color={c.outcome === 'ok' || c.outcome === 'paid' ? 'green' : 'orange'}>{c.outcome}</Tag>
                  <Typography.Text type="secondary">{dateTime(c.receivedAt)}</Typography.Text>
                </Space>
                <pre
                  style={{
                    margin: 0,
                    padding: 12,
                    background: '#fafafa',
                    borderRadius: 6,
                    whiteSpace: 'pre-wrap',
                    wordBreak: 'break-all',
                  }}
                >
                  {pretty(c.payload)}
                </pre>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}

function pretty(payload: string): string {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return payload;
  }
}

export default function DepositsPage() {
  const may = useMay();
  const [callbacksOf, setCallbacksOf] = useState<string | null>(null);
  const waiting = useQueueCounts()?.manualDeposits ?? 0;

  const pendingColumns: ColumnsType<PendingRow> = [
    { title: t.orderNo, dataIndex: 'orderNo', render: orderNo },
    { title: t.username, dataIndex: 'username' },
    { title: t.channel, dataIndex: 'channel' },
    { title: t.amount, dataIndex: 'amount', align: 'right', render: (v: number) => <MoneyText value={v} strong /> },
    { title: t.status, dataIndex: 'status', render: statusTag },
    { title: t.createdAt, dataIndex: 'createdAt', render: dateTime },
    { title: t.expiresAt, dataIndex: 'expiresAt', render: dateTime },
    ...(may(paymentsAdmin.depositConfirm)
      ? [{ title: t.actions, key: 'actions', render: (_: unknown, r: PendingRow) => <ConfirmButton row={r} /> }]
      : []),
  ];

  const allColumns: ColumnsType<DepositRow> = [
    { title: t.orderNo, dataIndex: 'orderNo', render: orderNo },
    { title: t.username, dataIndex: 'username' },
    {
      title: t.channel,
      key: 'channel',
      render: (_: unknown, r: DepositRow) => (
        <Space size={4}>
          {r.channel}
          <Tag>{r.adapter === 'manual' ? t.manual : t.sandbox}</Tag>
        </Space>
      ),
    },
    { title: t.amount, dataIndex: 'amount', align: 'right', render: (v: number) => <MoneyText value={v} /> },
    { title: t.fee, dataIndex: 'fee', align: 'right', render: (v: number) => <MoneyText value={v} /> },
    { title: t.bonus, dataIndex: 'bonus', align: 'right', render: (v: number) => <MoneyText value={v} /> },
    {
      title: t.credited,
      dataIndex: 'creditedAmount',
      align: 'right',
      render: (v: number) => <MoneyText value={v} strong />,
    },
    { title: t.status, dataIndex: 'status', render: statusTag },
    { title: t.createdAt, dataIndex: 'createdAt', render: dateTime },
    { title: t.paidAt, dataIndex: 'paidAt', render: dateTime },
    { title: t.confirmedBy, dataIndex: 'confirmedBy', render: (v: string | null) => v ?? '-' },
    ...(may(paymentsAdmin.depositCallbacks)
      ? [
          {
            title: t.actions,
            key: 'actions',
            fixed: 'right' as const,
            render: (_: unknown, r: DepositRow) => (
              <Button size="small" onClick={() => setCallbacksOf(r.orderNo)}>
                {t.callbacks}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const tabs = [
    may(paymentsAdmin.depositsPending) && {
      key: 'pending',
      label: (
        <Space size={6}>
          {t.pending}
          {waiting > 0 && <Badge count={waiting} size="small" />}
        </Space>
      ),
      children: <ContractTable call={paymentsAdmin.depositsPending} rowKey="orderNo" columns={pendingColumns} />,
    },
    {
      key: 'all',
      label: t.all,
      children: (
        <ContractTable
          call={paymentsAdmin.depositsList}
          rowKey="orderNo"
          columns={allColumns}
          scrollX={1400}
          filters={[
            {
              name: 'status',
              label: t.status,
              kind: 'select',
              options: Object.entries(t.statuses).map(([value, label]) => ({ value, label })),
            },
            { name: 'username', label: t.username },
            { name: 'channelId', label: t.channelId, kind: 'number', width: 120 },
          ]}
        />
      ),
    },
  ].filter((x) => x !== false);

  return (
    <>
      <Tabs items={tabs} destroyOnHidden />
      <Callbacks orderNo={callbacksOf} onClose={() => setCallbacksOf(null)} />
    </>
  );
}
