import { Link } from 'react-router';
import type { ColumnsType } from 'antd/es/table';
import { rebatesAdmin } from '@breakshot/contracts';
import { ContractTable, type RowOf } from '../../components/contract-table';
import { MoneyText } from '../../components/money-text';
import { dateTime } from '../../lib/time';
import { paths } from '../../lib/paths';
import { vipTexts as t } from './texts';

type Claim = RowOf<typeof rebatesAdmin.rebateClaimsList>;

const columns: ColumnsType<Claim> = [
  { title: t.time, dataIndex: 'createdAt', width: 180, render: dateTime },
  { title: t.username, dataIndex: 'username', render: (v: string) => <Link to={paths.player(v)}>{v}</Link> },
  { title: t.amount, dataIndex: 'amount', align: 'right', render: (v: number) => <MoneyText value={v} strong /> },
  { title: t.validBet, dataIndex: 'validBet', align: 'right', render: (v: number) => <MoneyText value={v} /> },
  { title: t.id, dataIndex: 'id', width: 100 },
];

/** Every player's rebate claims, newest first. */
export function ClaimsTab() {
  return (
    <ContractTable
      title={t.claims}
      call={rebatesAdmin.rebateClaimsList}
      rowKey="id"
      columns={columns}
      filters={[{ name: 'username', label: t.username }]}
    />
  );
}
