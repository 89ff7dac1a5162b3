import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { limits } from '@breakshot/contracts';
import { limitsAdmin } from '@breakshot/contracts';
import { MoneyText } from '../../components/money-text';
import { call, errorText } from '../../lib/api';
import { dateTime } from '../../lib/time';
import { callKey } from '../../lib/query-client';
import { playerTexts as t } from './texts';

type DepositRow = limits.DepositLimit;

const columns: ColumnsType<DepositRow> = [
  { title: t.limitPeriod, dataIndex: 'period', render: (p: string) => t.periods[p] ?? p },
  {
    title: t.limitAmount,
    dataIndex: 'amount',
    align: 'right',
    render: (v: number | null) =>
      v === null ? <Typography.Text type="secondary">{t.noLimit}</Typography.Text> : <MoneyText value={v} />,
  },
  { title: t.limitUsed, dataIndex: 'used', align: 'right', render: (v: number) => <MoneyText value={v} /> },
  {
    title: t.limitPending,
    dataIndex: 'pending',
    render: (p: DepositRow['pending']) =>
      p ? (
        <span data-testid="limit-pending">
          {p.amount === null ? t.noLimit : <MoneyText value={p.amount} />} · {t.pendingFrom(dateTime(p.from))}
        </span>
      ) : (
        '-'
      ),
  },
];

/**
 * The player's responsible-gaming limits (docs/design.md §8), read only: the player sets them, and a
 * self-exclusion cannot be lifted early by anyone.
 */
export function PlayerLimits({ username }: { username: string }) {
  const input = { username };
  const { data, error, isLoading } = useQuery({
    queryKey: callKey(limitsAdmin.playerLimits, input),
    queryFn: () => call(limitsAdmin.playerLimits, input),
  });
  return (
    <Card variant="borderless" title={t.limitsTitle} data-testid="player-limits">
      {error ? (
        <Alert type="error" showIcon title={errorText(error)} />
      ) : isLoading || !data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          {data.exclusion ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={t.excludedUntil(dateTime(data.exclusion.until))}
              description={t.excludedNote(dateTime(data.exclusion.from))}
              data-testid="player-exclusion"
            />
          ) : (
            <Tag style={{ marginBottom: 12 }}>{t.notExcluded}</Tag>
          )}
          <Table<DepositRow>
            rowKey="period"
            size="small"
            columns={columns}
            dataSource={data.deposit}
            pagination={false}
          />
          <Descriptions size="small" style={{ marginTop: 12 }}>
            <Descriptions.Item label={t.reminder}>
              {data.reminderMinutes === null ? t.reminderOff : t.reminderEvery(data.reminderMinutes)}
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Card>
  );
}
