import { Link } from 'react-router';
import { Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { reportAdmin } from '@breakshot/contracts';
import { ContractTable } from '../../components/contract-table';
import { MoneyText } from '../../components/money-text';
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
      />
    </Flex>
  );
}
