import { useQuery } from '@tanstack/react-query';
import { Card, Col, Descriptions, Flex, Row, Statistic, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { reportAdmin } from '@breakshot/contracts';
import { ContractTable } from '../../components/contract-table';
import { MoneyText } from '../../components/money-text';
import { call } from '../../lib/api';
import { percent } from '../../lib/basis-points';
import { money } from '../../lib/money';
import { callKey } from '../../lib/query-client';
import { siteDaysRange } from '../../lib/time';
import { duration } from './duration';
import { PaymentsPeriods } from './payments-periods';
import { ReportFilters, useReportRange } from './report-filters';
import { reportTexts } from './texts';

const t = reportTexts.payments;
type Range = { from: string; to: string };
/** The tables' first page: the totals and queues read the same answers (one request each). */
const FIRST_PAGE = { page: 1, pageSize: 100 };

const rate = (bp: number | null) => (bp === null ? t.none : percent(bp));
const count = (title: string, dataIndex: string) => ({ title, dataIndex, align: 'right' as const });
const moneyColumn = (title: string, dataIndex: string, strong = false) => ({
  title,
  dataIndex,
  align: 'right' as const,
  render: (v: number) => <MoneyText value={v} strong={strong} />,
});
const outcomeColumns = [
  count(t.made, 'made'),
  count(t.succeeded, 'succeeded'),
  { title: t.successRate, dataIndex: 'successBp', align: 'right' as const, render: rate },
];

const depositColumns: ColumnsType<reportAdmin.DepositChannelRow> = [
  {
    title: t.channel,
    dataIndex: 'channel',
    render: (name: string, r) => (
      <Flex gap={6} align="center">
        {name}
        {r.adapter === 'manual' && <Tag>{t.manual}</Tag>}
      </Flex>
    ),
  },
  ...outcomeColumns,
  count(t.failed, 'failed'),
  count(t.expired, 'expired'),
  count(t.open, 'open'),
  { title: t.medianToCredit, dataIndex: 'medianSeconds', align: 'right', render: duration },
  count(t.creditedOrders, 'creditedOrders'),
  moneyColumn(t.amount, 'amount', true),
  moneyColumn(t.fees, 'fees'),
  moneyColumn(t.credited, 'credited'),
  moneyColumn(t.bonuses, 'bonuses'),
];

const withdrawalColumns: ColumnsType<reportAdmin.WithdrawalMethodRow> = [
  { title: t.method, dataIndex: 'method', render: (m: string) => t.methods[m] ?? m },
  ...outcomeColumns,
  count(t.rejected, 'rejected'),
  count(t.open, 'open'),
  { title: t.medianToPay, dataIndex: 'medianSeconds', align: 'right', render: duration },
  count(t.paidOrders, 'paidOrders'),
  moneyColumn(t.amount, 'amount', true),
  moneyColumn(t.fees, 'fees'),
  moneyColumn(t.netPaid, 'netPaid'),
];

/** Both reports' first pages, as the tables ask for them. */
function useReports(range: Range) {
  const input = { ...range, ...FIRST_PAGE };
  const deposits = useQuery({
    queryKey: callKey(reportAdmin.paymentsReport, input),
    queryFn: ({ signal }) => call(reportAdmin.paymentsReport, input, { signal }),
  });
  const withdrawals = useQuery({
    queryKey: callKey(reportAdmin.withdrawalsReport, input),
    queryFn: ({ signal }) => call(reportAdmin.withdrawalsReport, input, { signal }),
  });
  return { deposits: deposits.data, withdrawals: withdrawals.data };
}

function Cell({ title, value, color }: { title: string; value: string; color?: string }) {
  return (
    <Col flex="1 1 140px">
      <Card size="small" variant="borderless" style={{ background: '#fafafa' }}>
        <Statistic title={title} value={value} styles={color ? { content: { color } } : undefined} />
      </Card>
    </Col>
  );
}

/** What came in and went out over the range; net = deposited − withdrawn (both before fees). */
function Totals({
  deposits,
  withdrawals,
}: {
  deposits: reportAdmin.DepositFigures;
  withdrawals: reportAdmin.WithdrawalFigures;
}) {
  const net = deposits.amount - withdrawals.amount;
  return (
    <Row gutter={[12, 12]} data-testid="payments-totals">
      <Cell title={t.deposited} value={money(deposits.amount)} />
      <Cell title={t.withdrawn} value={money(withdrawals.amount)} />
      <Cell title={t.net} value={money(net)} color={net >= 0 ? '#3f8600' : '#cf1322'} />
      <Cell title={t.allFees} value={money(deposits.fees + withdrawals.fees)} />
      <Cell title={t.depositRate} value={rate(deposits.successBp)} />
      <Cell title={t.withdrawRate} value={rate(withdrawals.successBp)} />
    </Row>
  );
}

function Queue({ title, queue }: { title: string; queue: reportAdmin.QueueFigures }) {
  return (
    <Col flex="1 1 300px">
      <Descriptions
        title={title}
        size="small"
        column={1}
        bordered
        items={[
          { key: 'decided', label: t.decided, children: queue.decided },
          { key: 'median', label: t.medianWait, children: duration(queue.medianWaitSeconds) },
          { key: 'longest', label: t.longestWait, children: duration(queue.longestWaitSeconds) },
          { key: 'waiting', label: t.waiting, children: queue.waiting },
          { key: 'oldest', label: t.oldestWait, children: duration(queue.oldestWaitSeconds) },
        ]}
      />
    </Col>
  );
}

/**
 * 报表 › 存取款 (docs/design.md §9, "Reports, as built"): deposits per channel and withdrawals per
 * payout method over a range of the site's days, their totals, the manual queues' waits, and
 * both per day, week or month.
 */
export default function PaymentsReportPage() {
  const [days, setDays] = useReportRange();
  const range = siteDaysRange(days);
  const { deposits, withdrawals } = useReports(range);
  return (
    <Flex vertical gap={16}>
      <ReportFilters days={days} onDays={setDays} intro={t.intro} />
      {deposits && withdrawals && (
        <>
          <Totals deposits={deposits.totals} withdrawals={withdrawals.totals} />
          <Card title={t.queues} variant="borderless" data-testid="payments-queues">
            <Row gutter={[16, 16]}>
              <Queue title={t.manualQueue} queue={deposits.manualQueue} />
              <Queue title={t.reviewQueue} queue={withdrawals.reviewQueue} />
              <Queue title={t.payoutQueue} queue={withdrawals.payoutQueue} />
            </Row>
          </Card>
        </>
      )}
      <PaymentsPeriods range={range} />
      <ContractTable
        title={t.deposits}
        call={reportAdmin.paymentsReport}
        fixed={range}
        rowKey="channelId"
        columns={depositColumns}
        defaultPageSize={FIRST_PAGE.pageSize}
      />
      <ContractTable
        title={t.withdrawals}
        call={reportAdmin.withdrawalsReport}
        fixed={range}
        rowKey="method"
        columns={withdrawalColumns}
        defaultPageSize={FIRST_PAGE.pageSize}
      />
    </Flex>
  );
}
