import { Link } from 'react-router';
import { Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { gamesAdmin } from '@breakshot/contracts';
import { ContractTable, type RowOf } from '../../components/contract-table';
import { MoneyText } from '../../components/money-text';
import { dateTime } from '../../lib/time';
import { paths } from '../../lib/paths';
import { gamesTexts as t } from './texts';

type Transaction = RowOf<typeof gamesAdmin.transactionsList>;

const kindColor: Record<string, string> = { bet: 'blue', win: 'green', rollback: 'orange' };
const orDash = (v: string | null) => v ?? '-';
const mono = { fontFamily: 'monospace', fontSize: 12, whiteSpace: 'nowrap' } as const;

/** What support looks for first (who, what, how much, the answer) on the left; the ids to quote on the right. */
const columns: ColumnsType<Transaction> = [
  { title: t.time, dataIndex: 'createdAt', width: 170, render: dateTime },
  {
    title: t.username,
    dataIndex: 'username',
    width: 120,
    render: (v: string | null) => (v ? <Link to={paths.player(v)}>{v}</Link> : '-'),
  },
  {
    title: t.kind,
    dataIndex: 'kind',
    width: 80,
    render: (v: string) => <Tag color={kindColor[v]}>{t.kinds[v] ?? v}</Tag>,
  },
  { title: t.amount, dataIndex: 'amount', align: 'right', width: 120, render: (v: number) => <MoneyText value={v} /> },
  {
    title: t.status,
    dataIndex: 'status',
    width: 230,
    render: (v: string) => <Tag color={v === 'RS_OK' ? 'success' : 'error'}>{v}</Tag>,
  },
  { title: t.game, dataIndex: 'gameCode', width: 130, render: orDash },
  { title: t.round, dataIndex: 'round', width: 120, render: orDash },
  { title: t.provider, dataIndex: 'providerId', width: 90 },
  {
    title: t.betNo,
    dataIndex: 'betNo',
    width: 210,
    render: (v: string | null) =>
      v ? (
        <Typography.Text copyable style={mono}>
          {v}
        </Typography.Text>
      ) : (
        '-'
      ),
  },
  {
    title: t.transactionUuid,
    dataIndex: 'transactionUuid',
    width: 170,
    render: (v: string) => (
      <Typography.Text copyable={{ text: v }} ellipsis={{ tooltip: v }} style={{ ...mono, width: 140 }}>
        {v}
      </Typography.Text>
    ),
  },
];

/** Every seamless-wallet call as stored, newest first: what support looks at in a dispute. */
export function TransactionsTab() {
  return (
    <ContractTable
      title={t.transactions}
      call={gamesAdmin.transactionsList}
      rowKey="transactionUuid"
      columns={columns}
      scrollX={1440}
      filters={[{ name: 'username', label: t.username }]}
    />
  );
}
