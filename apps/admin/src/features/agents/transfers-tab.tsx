import { Alert, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { agentsAdmin } from '@breakshot/contracts';
import { ContractTable, type RowOf } from '../../components/contract-table';
import { MoneyText } from '../../components/money-text';
import { money } from '../../lib/money';
import { dateTime } from '../../lib/time';
import { agentTexts as t } from './texts';

type Transfer = RowOf<typeof agentsAdmin.agentTransfersList>;

/** Agent transfers (代充) of every agent: by agent or member name and days, with their total; CSV. */
export function TransfersTab({ onOpen }: { onOpen: (id: number) => void }) {
  const person = (id: number, username: string) => (
    <span>
      <a onClick={() => onOpen(id)}>{username}</a> <Typography.Text type="secondary">#{id}</Typography.Text>
    </span>
  );
  const columns: ColumnsType<Transfer> = [
    { title: t.id, dataIndex: 'id', width: 80 },
    { title: t.time, dataIndex: 'createdAt', width: 180, render: dateTime },
    { title: t.agent, dataIndex: 'agentUsername', render: (_: string, r) => person(r.agentId, r.agentUsername) },
    { title: t.member, dataIndex: 'memberUsername', render: (_: string, r) => person(r.memberId, r.memberUsername) },
    { title: t.amount, dataIndex: 'amount', align: 'right', render: (v: number) => <MoneyText value={v} strong /> },
    { title: t.turnoverMultiple, dataIndex: 'turnoverMultiple', align: 'right', render: t.times },
    {
      title: t.remark,
      dataIndex: 'remark',
      ellipsis: true,
      render: (v: string) => v || <Typography.Text type="secondary">-</Typography.Text>,
    },
  ];
  return (
    <ContractTable
      call={agentsAdmin.agentTransfersList}
      rowKey="id"
      columns={columns}
      filters={[
        { name: 'username', label: t.transferUser, placeholder: t.transferUserPlaceholder, width: 220 },
        { name: 'dates', label: t.dates, kind: 'dateRange' },
      ]}
      summary={(d) => (
        <Alert type="info" style={{ marginBottom: 12 }} title={t.transfersSummary(d.total, money(d.totalAmount))} />
      )}
    />
  );
}
