import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar, Button, Dropdown, Space, Tag, Tooltip, Typography } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { feedAdmin, taiqiuAdmin } from '@breakshot/contracts';
import { ContractTable, type RowOf } from '../../components/contract-table';
import { Liability } from '../../components/liability-text';
import { paths } from '../../lib/paths';
import { dateTime } from '../../lib/time';
import { useMay } from '../../lib/use-may';
import { CreateMatchModal, MatchStateModal, type ScoreMode } from './match-dialogs';
import { MatchMarkets } from './match-markets';
import { CashoutSettingsButton } from './cashout-settings';
import { CorrectionButton } from './correction-dialog';
import { MarketSettingsButton } from './market-settings';
import { ParlaySettingsButton } from './parlay-settings';
import { TradingRulesButton } from './trading-rules';
import { billiardsTexts as t } from './texts';

type Match = RowOf<typeof taiqiuAdmin.matchesList>;
const statusColor: Record<string, string> = {
  scheduled: 'blue',
  live: 'red',
  finished: 'default',
  cancelled: 'default',
};
const isOpen = (m: Match) => m.status === 'scheduled' || m.status === 'live';

export default function BilliardsPage() {
  const may = useMay();
  const [creating, setCreating] = useState(false);
  const [acting, setActing] = useState<{ match: Match; mode: ScoreMode } | null>(null);

  const columns: ColumnsType<Match> = [
    { title: t.id, dataIndex: 'id', width: 70 },
    {
      title: t.match,
      key: 'match',
      render: (_: unknown, m: Match) => (
        <Space style={{ whiteSpace: 'nowrap' }}>
          <Avatar size="small" src={m.playerA.avatar} />
          <Typography.Text strong>{m.playerA.name}</Typography.Text>
          <Typography.Text type="secondary">vs</Typography.Text>
          <Typography.Text strong>{m.playerB.name}</Typography.Text>
          <Avatar size="small" src={m.playerB.avatar} />
        </Space>
      ),
    },
    { title: t.bestOf, dataIndex: 'bestOf', render: (n: number) => t.bestOfN(n), width: 110 },
    { title: t.startAt, dataIndex: 'startAt', render: dateTime, width: 170 },
    {
      title: t.status,
      dataIndex: 'status',
      width: 90,
      render: (s: string) => <Tag color={statusColor[s]}>{t.statuses[s] ?? s}</Tag>,
    },
    {
      title: t.score,
      dataIndex: 'score',
      width: 80,
      align: 'center',
      render: (s: Match['score']) => (
        <Typography.Text strong style={{ fontVariantNumeric: 'tabular-nums' }}>
          {s.a} : {s.b}
        </Typography.Text>
      ),
    },
    { title: t.openBets, dataIndex: 'openBets', width: 100, align: 'right' },
    {
      title: <Tooltip title={t.liabilityTip}>{t.liability}</Tooltip>,
      dataIndex: 'liability',
      width: 130,
      align: 'right',
      render: (amount: number, m: Match) => (isOpen(m) ? <Liability amount={amount} /> : '—'),
    },
    {
      title: t.actions,
      key: 'actions',
      width: 380,
      render: (_: unknown, m: Match) => {
        const items = [
          may(taiqiuAdmin.scoreSet) && { key: 'score', label: t.liveScore },
          may(taiqiuAdmin.matchResult) && { key: 'result', label: t.result },
          may(taiqiuAdmin.matchCancel) && { key: 'cancel', label: t.cancel, danger: true },
        ].filter((x) => x !== false);
        return (
          <Space size={12}>
            {may(feedAdmin.matchEvents) && <Link to={paths.feedMatch(m.id)}>{t.feedEvents}</Link>}
            {isOpen(m) && may(taiqiuAdmin.marketsSet) && <MarketSettingsButton match={m} />}
            {isOpen(m) && items.length > 0 && (
              <Dropdown
                menu={{ items, onClick: ({ key }) => setActing({ match: m, mode: key as ScoreMode }) }}
                trigger={['click']}
              >
                <Button size="small">
                  {t.actions} <DownOutlined />
                </Button>
              </Dropdown>
            )}
            {may(taiqiuAdmin.correctionCreate) && <CorrectionButton match={m} />}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <ContractTable
        title={t.title}
        call={taiqiuAdmin.matchesList}
        rowKey="id"
        // Read again on each news of a book (lib/console-live.tsx): its liability column moves.
        quietRefetch
        columns={columns}
        filters={[
          {
            name: 'status',
            label: t.filter,
            kind: 'select',
            options: Object.entries(t.filters).map(([value, label]) => ({ value, label })),
          },
        ]}
        extra={
          <>
            <ParlaySettingsButton />
            <CashoutSettingsButton />
            <TradingRulesButton />
            {may(taiqiuAdmin.matchCreate) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                {t.create}
              </Button>
            )}
          </>
        }
        expandable={{
          expandedRowRender: (m) => <MatchMarkets match={m} />,
          rowExpandable: () => true,
        }}
      />
      <CreateMatchModal open={creating} onClose={() => setCreating(false)} />
      <MatchStateModal match={acting?.match ?? null} mode={acting?.mode ?? 'score'} onClose={() => setActing(null)} />
    </>
  );
}
