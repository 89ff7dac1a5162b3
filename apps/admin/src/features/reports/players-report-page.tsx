import { useState } from 'react';
import { Link } from 'react-router';
import { Card, Col, Flex, Row, Segmented, Statistic, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { reportAdmin } from '@breakshot/contracts';
import { ContractTable } from '../../components/contract-table';
import { MoneyText } from '../../components/money-text';
import { money } from '../../lib/money';
import { paths } from '../../lib/paths';
import { siteDaysRange } from '../../lib/time';
import { percent } from './percent';
import { PlayersChart } from './players-chart';
import { GroupPicker, ReportFilters, useReportRange } from './report-filters';
import { retentionColumns } from './retention-columns';
import { playersTexts as t, reportTexts } from './texts';

type Group = reportAdmin.ReportGroup;
type Side = reportAdmin.TopSide;
type Top = (typeof reportAdmin.TOP_SIZES)[number];
type Figures = reportAdmin.PlayerFigures;

const conversion = (bp: number) => percent(bp / 10_000);

const periodColumns = (group: Group): ColumnsType<reportAdmin.PlayersRow> => [
  {
    title: reportTexts.period,
    dataIndex: 'period',
    width: 128,
    render: (p: string) => (group === 'week' ? reportTexts.weekOf(p) : p),
  },
  { title: t.registrations, dataIndex: 'registrations', align: 'right' },
  { title: t.firstDepositors, dataIndex: 'firstDepositors', align: 'right' },
  {
    title: t.firstDeposits,
    dataIndex: 'firstDeposits',
    align: 'right',
    render: (v: number) => <MoneyText value={v} />,
  },
  { title: t.converted, dataIndex: 'converted', align: 'right' },
  { title: t.conversion, dataIndex: 'conversionBp', align: 'right', render: conversion },
  { title: t.activePlayers, dataIndex: 'activePlayers', align: 'right' },
];

const topColumns: ColumnsType<reportAdmin.TopPlayerRow> = [
  { title: t.username, dataIndex: 'username', render: (name: string) => <Link to={paths.player(name)}>{name}</Link> },
  { title: t.bets, dataIndex: 'bets', align: 'right' },
  { title: t.turnover, dataIndex: 'turnover', align: 'right', render: (v: number) => <MoneyText value={v} /> },
  { title: t.payout, dataIndex: 'payout', align: 'right', render: (v: number) => <MoneyText value={v} /> },
  {
    title: t.winLoss,
    dataIndex: 'winLoss',
    align: 'right',
    render: (v: number) => <MoneyText value={v} signed strong />,
  },
];

/** The range's totals: players counted once over the range. */
function Totals({ totals }: { totals: Figures }) {
  const cells: [string, string][] = [
    [t.registrations, String(totals.registrations)],
    [t.firstDepositors, String(totals.firstDepositors)],
    [t.firstDeposits, money(totals.firstDeposits)],
    [t.conversion, conversion(totals.conversionBp)],
    [t.activePlayers, String(totals.activePlayers)],
  ];
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }} data-testid="players-totals">
      {cells.map(([title, value]) => (
        <Col key={title} flex="1 1 140px">
          <Card size="small" variant="borderless" style={{ background: '#fafafa' }}>
            <Statistic title={title} value={value} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** The top winners or losers, with the side and how many. */
function TopPlayers({ range }: { range: { from: string; to: string } }) {
  const [side, setSide] = useState<Side>('winners');
  const [top, setTop] = useState<Top>(20);
  return (
    <ContractTable
      title={t.top}
      call={reportAdmin.topPlayers}
      fixed={{ ...range, side, top }}
      rowKey="userId"
      columns={topColumns}
      defaultPageSize={100}
      extra={
        <Flex gap={8}>
          <Segmented
            aria-label={t.top}
            value={side}
            onChange={(v) => setSide(v as Side)}
            options={reportAdmin.topSides.map((s) => ({ value: s, label: t.side[s] }))}
          />
          <Segmented
            value={top}
            onChange={(v) => setTop(v as Top)}
            options={reportAdmin.TOP_SIZES.map((n) => ({ value: n, label: t.topN(n) }))}
          />
        </Flex>
      }
    />
  );
}

/**
 * 报表 › 玩家 (docs/design.md §9, "Reports"): registrations, first deposits, conversion and active
 * players per period with the totals and a chart (CSV), retention by registration day as a heat
 * table, and the range's top winners and losers.
 */
export default function PlayersReportPage() {
  const [days, setDays] = useReportRange();
  const [group, setGroup] = useState<Group>('day');
  const range = siteDaysRange(days);
  return (
    <Flex vertical gap={16}>
      <ReportFilters days={days} onDays={setDays} intro={t.intro}>
        <Typography.Text strong>{reportTexts.group}</Typography.Text>
        <GroupPicker value={group} onChange={setGroup} />
      </ReportFilters>
      <ContractTable
        title={t.title}
        call={reportAdmin.playersReport}
        fixed={{ ...range, group }}
        rowKey="period"
        columns={periodColumns(group)}
        defaultPageSize={100}
        summary={(data) => (
          <>
            <Totals totals={data.totals} />
            <PlayersChart rows={data.list} />
          </>
        )}
      />
      <ContractTable
        title={t.cohorts}
        call={reportAdmin.retentionCohorts}
        fixed={range}
        rowKey="day"
        columns={retentionColumns}
        defaultPageSize={100}
        summary={() => (
          <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
            {t.cohortsIntro}
          </Typography.Paragraph>
        )}
      />
      <TopPlayers range={range} />
    </Flex>
  );
}
