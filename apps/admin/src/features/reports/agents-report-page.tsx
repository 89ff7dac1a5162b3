import { useMemo } from 'react';
import { Link } from 'react-router';
import { Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { reportAdmin } from '@breakshot/contracts';
import { ContractTable } from '../../components/contract-table';
import { EChart, type EChartOption } from '../../components/echart';
import { MoneyText } from '../../components/money-text';
import { money } from '../../lib/money';
import { paths } from '../../lib/paths';
import { siteDaysRange } from '../../lib/time';
import { ReportFilters, useReportRange } from './report-filters';
import { agentsTexts as t } from './texts';

type Row = reportAdmin.AgentTeamRow;

const moneyColumn = (key: keyof Row & keyof typeof t, strong = false) => ({
  title: t[key],
  dataIndex: key,
  align: 'right' as const,
  render: (v: number) => <MoneyText value={v} strong={strong} />,
});
const countColumn = (key: keyof Row & keyof typeof t) => ({ title: t[key], dataIndex: key, align: 'right' as const });

const columns: ColumnsType<Row> = [
  {
    title: t.agent,
    dataIndex: 'username',
    render: (username: string | null) =>
      username === null ? (
        <Typography.Text type="secondary">{t.noAgent}</Typography.Text>
      ) : (
        <Link to={paths.player(username)}>{username}</Link>
      ),
  },
  countColumn('members'),
  countColumn('players'),
  countColumn('bets'),
  moneyColumn('turnover'),
  moneyColumn('validBet'),
  moneyColumn('payout'),
  moneyColumn('ggr', true),
  moneyColumn('commissions'),
  moneyColumn('dividends'),
  moneyColumn('net', true),
];

/** The listed teams' GGR, what their agents were paid, and the net, side by side (at most 12). */
function TeamsChart({ rows }: { rows: Row[] }) {
  const option = useMemo<EChartOption>(() => {
    const shown = rows.slice(0, 12);
    const yuan = (pick: (r: Row) => number) => shown.map((r) => pick(r) / 100);
    return {
      tooltip: { trigger: 'axis', valueFormatter: (v: number) => money(Math.round(v * 100)) },
      legend: { top: 0 },
      grid: { left: 64, right: 24, top: 40, bottom: 32 },
      xAxis: { type: 'category', data: shown.map((r) => r.username ?? t.noAgent) },
      yAxis: { type: 'value' },
      series: [
        { name: t.ggr, type: 'bar', barMaxWidth: 40, data: yuan((r) => r.ggr), itemStyle: { color: '#1668dc' } },
        {
          name: t.paid,
          type: 'bar',
          barMaxWidth: 40,
          data: yuan((r) => r.commissions + r.dividends),
          itemStyle: { color: '#faad14' },
        },
        { name: t.net, type: 'bar', barMaxWidth: 40, data: yuan((r) => r.net), itemStyle: { color: '#52c41a' } },
      ],
    };
  }, [rows]);
  return <EChart option={option} height={260} />;
}

/**
 * 报表 › 代理 (docs/design.md §9, "Reports, as built"): each top-level team's bets, GGR and what
 * its agents were paid over the range, the largest turnover first, with the players of no team.
 */
export default function AgentsReportPage() {
  const [days, setDays] = useReportRange();
  return (
    <Flex vertical gap={16}>
      <ReportFilters days={days} onDays={setDays} intro={t.intro} />
      <ContractTable
        title={t.title}
        call={reportAdmin.agentTeamsReport}
        fixed={siteDaysRange(days)}
        rowKey={(r: Row) => r.agentId ?? 0}
        columns={columns}
        defaultPageSize={50}
        summary={(data) => data.list.length > 0 && <TeamsChart rows={data.list} />}
      />
    </Flex>
  );
}
