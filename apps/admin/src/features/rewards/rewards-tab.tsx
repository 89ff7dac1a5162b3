import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Tag } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { rewardsAdmin, rewards } from '@breakshot/contracts';
import { ContractTable, type RowOf } from '../../components/contract-table';
import { MoneyText } from '../../components/money-text';
import { dateTime } from '../../lib/time';
import { paths } from '../../lib/paths';
import { useMay } from '../../lib/use-may';
import { GrantForm } from './grant-form';
import { rewardTexts as t } from './texts';

type Reward = RowOf<typeof rewardsAdmin.rewardsList>;

const statusColor: Record<string, string> = { unclaimed: 'processing', claimed: 'success', expired: 'default' };

const columns: ColumnsType<Reward> = [
  { title: t.createdAt, dataIndex: 'createdAt', width: 165, render: dateTime },
  {
    title: t.username,
    dataIndex: 'username',
    width: 120,
    render: (v: string) => <Link to={paths.player(v)}>{v}</Link>,
  },
  { title: t.source, dataIndex: 'source', width: 110, render: (v: string) => <Tag>{t.sources[v] ?? v}</Tag> },
  { title: t.title, dataIndex: 'title', ellipsis: true },
  { title: t.amount, dataIndex: 'amount', align: 'right', width: 110, render: (v: number) => <MoneyText value={v} /> },
  { title: t.turnoverMultiple, dataIndex: 'turnoverMultiple', align: 'right', width: 80, render: t.times },
  {
    title: t.status,
    dataIndex: 'status',
    width: 80,
    render: (v: string) => <Tag color={statusColor[v]}>{t.statuses[v] ?? v}</Tag>,
  },
  { title: t.expiresAt, dataIndex: 'expiresAt', width: 165, render: dateTime },
  { title: t.claimedAt, dataIndex: 'claimedAt', width: 165, render: dateTime },
];

const options = (values: readonly string[], labels: Record<string, string>) =>
  values.map((value) => ({ value, label: labels[value] ?? value }));

/** Every player's rewards, whatever their source; finance grants one from here. */
export function RewardsTab() {
  const may = useMay();
  const [granting, setGranting] = useState(false);
  return (
    <>
      <ContractTable
        title={t.rewards}
        call={rewardsAdmin.rewardsList}
        rowKey="id"
        columns={columns}
        filters={[
          { name: 'username', label: t.username },
          { name: 'source', label: t.source, kind: 'select', options: options(rewards.rewardSources, t.sources) },
          { name: 'status', label: t.status, kind: 'select', options: options(rewards.rewardStatuses, t.statuses) },
        ]}
        extra={
          may(rewardsAdmin.rewardGrant) && (
            <Button type="primary" icon={<GiftOutlined />} onClick={() => setGranting(true)}>
              {t.grant}
            </Button>
          )
        }
      />
      <GrantForm open={granting} onClose={() => setGranting(false)} />
    </>
  );
}
