import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { cashout } from '@breakshot/contracts';
import { MoneyText } from '../../components/money-text';
import { dateTime } from '../../lib/time';
import { playerTexts as t } from './texts';

type Cashout = cashout.CashoutRecord;

const columns: ColumnsType<Cashout> = [
  { title: t.time, dataIndex: 'at', render: dateTime, width: 180 },
  {
    title: t.cashoutStakePart,
    dataIndex: 'stakePart',
    align: 'right',
    render: (v: number) => <MoneyText value={v} />,
  },
  { title: t.cashoutAmount, dataIndex: 'paid', align: 'right', render: (v: number) => <MoneyText value={v} /> },
  {
    title: t.cashoutMode,
    dataIndex: 'auto',
    width: 90,
    render: (auto: boolean) => (auto ? <Tag color="purple">{t.cashoutAuto}</Tag> : <Tag>{t.cashoutManual}</Tag>),
  },
];

/** A bet's cash-outs (提前结算), oldest first: when, the stake each took and what it paid. */
export function BetCashoutsTable({ cashouts }: { cashouts: Cashout[] }) {
  return (
    <Table<Cashout>
      rowKey={(c) => `${c.at}:${c.stakePart}`}
      size="small"
      columns={columns}
      dataSource={cashouts}
      pagination={false}
      data-testid="bet-cashouts"
    />
  );
}
