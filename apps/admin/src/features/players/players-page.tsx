import { Link } from 'react-router';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { playersAdmin } from '@breakshot/contracts';
import { ContractTable, type RowOf } from '../../components/contract-table';
import { MoneyText } from '../../components/money-text';
import { dateTime } from '../../lib/time';
import { paths } from '../../lib/paths';
import { playerTexts as t } from './texts';

type Row = RowOf<typeof playersAdmin.playersList>;

export const statusTag = (status: string) => (
  <Tag color={status === 'active' ? 'green' : 'red'}>{t.statuses[status] ?? status}</Tag>
);

const columns: ColumnsType<Row> = [
  { title: t.id, dataIndex: 'id', width: 80 },
  { title: t.username, dataIndex: 'username', render: (u: string) => <Link to={paths.player(u)}>{u}</Link> },
  { title: t.nickname, dataIndex: 'nickname' },
  { title: t.status, dataIndex: 'status', render: statusTag, width: 100 },
  { title: t.vip, dataIndex: 'vipLevel', width: 80, render: (v: number) => <Tag color="gold">VIP{v}</Tag> },
  { title: t.balance, dataIndex: 'balance', align: 'right', render: (v: number) => <MoneyText value={v} /> },
  { title: t.createdAt, dataIndex: 'createdAt', render: dateTime },
  { title: t.lastLoginAt, dataIndex: 'lastLoginAt', render: dateTime },
  {
    title: t.actions,
    key: 'actions',
    width: 90,
    render: (_: unknown, r: Row) => <Link to={paths.player(r.username)}>{t.detail}</Link>,
  },
];

export default function PlayersPage() {
  return (
    <ContractTable
      title={t.listTitle}
      call={playersAdmin.playersList}
      rowKey="id"
      columns={columns}
      filters={[
        { name: 'q', label: t.q, placeholder: t.qPlaceholder },
        {
          name: 'status',
          label: t.status,
          kind: 'select',
          options: Object.entries(t.statuses).map(([value, label]) => ({ value, label })),
        },
      ]}
    />
  );
}
