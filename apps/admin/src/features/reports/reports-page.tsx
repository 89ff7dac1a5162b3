import { useState } from 'react';
import { Link } from 'react-router';
import { Card, Col, Flex, Row, Segmented, Statistic, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { reportAdmin } from '@breakshot/contracts';
import { ContractTable } from '../../components/contract-table';
import { MoneyText } from '../../components/money-text';
import { money } from '../../lib/money';
import { paths, TICKER_MATCH_PARAM } from '../../lib/paths';
import { siteDaysRange } from '../../lib/time';
import { PnlChart } from './pnl-chart';
import { GroupPicker, ReportFilters, useReportRange } from './report-filters';
import { reportTexts as t } from './texts';

type Group = reportAdmin.ReportGroup;
type By = reportAdmin.PnlDimension;
type Figures = reportAdmin.PnlFigures;

const moneyColumn = (key: keyof Figures, strong = false) => ({
  title: t[key],
  dataIndex: key,
  align: 'right' as const,
  render: (v: number) => <MoneyText value={v} strong={strong} />,
});

const signed = (v: number) => ({ content: { color: v >= 0 ? '#3f8600' : '#cf1322' } });

function periodLabel(period: string, group: Group): string {
  return group === 'week' ? t.weekOf(period) : period;
}

const periodColumns = (group: Group): ColumnsType<reportAdmin.PnlRow> => [
  { title: t.period, dataIndex: 'period', width: 128, render: (p: string) => periodLabel(p, group) },
  { title: t.bets, dataIndex: 'bets', align: 'right' },
  moneyColumn('turnover'),
  moneyColumn('validBet'),
  moneyColumn('payout'),
  moneyColumn('ggr', true),
  moneyColumn('bonuses'),
  moneyColumn('rebates'),
  moneyColumn('commissions'),
  moneyColumn('dividends'),
  moneyColumn('ngr', true),
];

/** A breakdown line's name: the game type's, the provider's, the match's (a link to its bets) or the game's. */
function breakdownLabel(by: By, r: reportAdmin.PnlBreakdownRow) {
  if (by === 'game_type') return t.gameTypes[r.key] ?? r.key;
  if (by === 'provider') return r.key === 'taiqiu' ? t.houseBook : r.label;
  if (by === 'match') return <Link to={`${paths.tradingTicker}?${TICKER_MATCH_PARAM}=${r.key}`}>{r.label}</Link>;
  return (
    <Flex gap={6}>
      <Typography.Text type="secondary">{t.gameTypes[r.gameType]}</Typography.Text>
      {r.label}
    </Flex>
  );
}

const breakdownColumns = (by: By): ColumnsType<reportAdmin.PnlBreakdownRow> => [
  { title: t.by[by], dataIndex: 'label', render: (_: string, r) => breakdownLabel(by, r) },
  { title: t.bets, dataIndex: 'bets', align: 'right' },
  { title: t.players, dataIndex: 'players', align: 'right' },
  { ...moneyColumn('turnover'), dataIndex: 'turnover' },
  { ...moneyColumn('validBet'), dataIndex: 'validBet' },
  { ...moneyColumn('payout'), dataIndex: 'payout' },
  { ...moneyColumn('ggr', true), dataIndex: 'ggr' },
];

/** The range's totals, the figures an operator reads first. */
function Totals({ totals }: { totals: Figures }) {
  const cells: { key: keyof Figures; signed?: boolean }[] = [
    { key: 'turnover' },
    { key: 'validBet' },
    { key: 'ggr', signed: true },
    { key: 'bonuses' },
    { key: 'rebates' },
    { key: 'commissions' },
    { key: 'dividends' },
    { key: 'ngr', signed: true },
  ];
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }} data-testid="pnl-totals">
      {cells.map((c) => (
        <Col key={c.key} flex="1 1 120px">
          <Card size="small" variant="borderless" style={{ background: '#fafafa' }}>
            <Statistic
              title={t[c.key]}
              value={money(totals[c.key])}
              styles={c.signed ? signed(totals[c.key]) : undefined}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * 报表 (docs/design.md §9, "Reports"): profit and loss over a range of the site's days, by day,
 * week or month, with the totals, a chart and the table (CSV), and the same range by game type,
 * provider, game or billiards match.
 */
export default function ReportsPage() {
  const [days, setDays] = useReportRange();
  const [group, setGroup] = useState<Group>('day');
  const [by, setBy] = useState<By>('game_type');
  const range = siteDaysRange(days);
  return (
    <Flex vertical gap={16}>
      <ReportFilters days={days} onDays={setDays} intro={t.intro}>
        <Typography.Text strong>{t.group}</Typography.Text>
        <GroupPicker value={group} onChange={setGroup} />
      </ReportFilters>
      <ContractTable
        title={t.title}
        call={reportAdmin.pnlReport}
        fixed={{ ...range, group }}
        rowKey="period"
        columns={periodColumns(group)}
        defaultPageSize={100}
        summary={(data) => (
          <>
            <Totals totals={data.totals} />
            <PnlChart rows={data.list} />
          </>
        )}
      />
      <ContractTable
        title={t.breakdown}
        call={reportAdmin.pnlBreakdown}
        fixed={{ ...range, by }}
        rowKey="key"
        columns={breakdownColumns(by)}
        extra={
          <Segmented
            aria-label={t.breakdown}
            value={by}
            onChange={(v) => setBy(v as By)}
            options={reportAdmin.pnlDimensions.map((d) => ({ value: d, label: t.by[d] }))}
          />
        }
      />
    </Flex>
  );
}
