import { useMemo, useState } from 'react';

import type { ColumnsType } from 'antd/es/table';
import { reportAdmin } from '@breakshot/contracts';
import { ContractTable } from '../../components/contract-table';
import { EChart, type EChartOption } from '../../components/echart';
import { MoneyText } from '../../components/money-text';
import { percent } from '../../lib/basis-points';
import { money } from '../../lib/money';
import { GroupPicker } from './report-filters';
import { reportTexts } from './texts';

const t = reportTexts.payments;
type Row = reportAdmin.PaymentsPeriodRow;
type Group = reportAdmin.ReportGroup;

const yuan = (minor: number) => minor / 100;
const axisMoney = (v: number) => (Math.abs(v) >= 10_000 ? `${v / 10_000}万` : String(v));
const rate = (bp: number | null) => (bp === null ? t.none : percent(bp));
const moneyColumn = (key: keyof Row, strong = false) => ({
  title: t.periods[key],
  dataIndex: key,
  align: 'right' as const,
  render: (v: number) => <MoneyText value={v} strong={strong} />,
});
const countColumn = (key: keyof Row) => ({ title: t.periods[key], dataIndex: key, align: 'right' as const });
const rateColumn = (key: keyof Row) => ({ ...countColumn(key), render: rate });

const columns = (group: Group): ColumnsType<Row> => [
  {
    title: t.periods.period,
    dataIndex: 'period',
    width: 128,
    render: (p: string) => (group === 'week' ? reportTexts.weekOf(p) : p),
  },
  countColumn('depositsMade'),
  countColumn('depositsCredited'),
  rateColumn('depositSuccessBp'),
  moneyColumn('deposited', true),
  moneyColumn('depositFees'),
  countColumn('withdrawalsMade'),
  countColumn('withdrawalsPaid'),
  rateColumn('withdrawalSuccessBp'),
  moneyColumn('withdrawn', true),
  moneyColumn('withdrawalFees'),
  moneyColumn('net', true),
];

/** Deposited and withdrawn per period (bars), and the net (a line). */
function PaymentsChart({ rows }: { rows: Row[] }) {
  const option = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => money(Math.round(v * 100)) },
      legend: { top: 0 },
      grid: { left: 64, right: 24, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: rows.map((r) => r.period) },
      yAxis: { type: 'value', axisLabel: { formatter: axisMoney } },
      series: [
        {
          name: t.periods.deposited,
          type: 'bar',
          data: rows.map((r) => yuan(r.deposited)),
          itemStyle: { color: '#1668dc' },
        },
        {
          name: t.periods.withdrawn,
          type: 'bar',
          data: rows.map((r) => yuan(r.withdrawn)),
          itemStyle: { color: '#faad14' },
        },
        { name: t.periods.net, type: 'line', data: rows.map((r) => yuan(r.net)), itemStyle: { color: '#52c41a' } },
      ],
    }),
    [rows],
  );
  return <EChart option={option} height={280} />;
}

/** The range's deposits and withdrawals per day, week or month: a chart and the table (CSV). */
export function PaymentsPeriods({ range }: { range: { from: string; to: string } }) {
  const [group, setGroup] = useState<Group>('day');
  return (
    <ContractTable
      title={t.byPeriod}
      call={reportAdmin.paymentsByPeriod}
      fixed={{ ...range, group }}
      rowKey="period"
      columns={columns(group)}
      defaultPageSize={100}
      summary={(data) => <PaymentsChart rows={data.list} />}
      extra={<GroupPicker value={group} onChange={setGroup} />}
    />
  );
}
