import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { taiqiuAdmin } from '@breakshot/contracts';
import { CorrectedMarkets } from '../../components/corrected-markets';
import { MoneyText } from '../../components/money-text';
import { paths, TICKER_MATCH_PARAM } from '../../lib/paths';
import { dateTime } from '../../lib/time';
import { correctionTexts as t } from './texts';

type Correction = taiqiuAdmin.CorrectionItem;

const statusColor: Record<taiqiuAdmin.CorrectionStatus, string> = {
  pending: 'gold',
  applied: 'green',
  rejected: 'red',
};
const secondary = { fontSize: 12 } as const;

/** Who did it, and when under it. */
const byAt = (who: string | null, at: string | null) =>
  who === null ? (
    '-'
  ) : (
    <Space orientation="vertical" size={0}>
      <Typography.Text>{who}</Typography.Text>
      <Typography.Text type="secondary" style={secondary}>
        {dateTime(at)}
      </Typography.Text>
    </Space>
  );

/** The log's columns; `actions` renders a row's 复核通过 and 驳回 (none for a role that may not). */
export function correctionColumns(actions: ((row: Correction) => ReactNode) | null): ColumnsType<Correction> {
  const list: ColumnsType<Correction> = [
    { title: t.id, dataIndex: 'id', width: 70 },
    {
      title: t.match,
      dataIndex: 'matchName',
      width: 160,
      render: (name: string, r: Correction) => (
        <Tooltip title={t.matchTip}>
          <Link to={`${paths.tradingTicker}?${TICKER_MATCH_PARAM}=${r.matchId}`}>{name}</Link>
        </Tooltip>
      ),
    },
    {
      title: t.markets,
      dataIndex: 'markets',
      width: 240,
      render: (markets: Correction['markets']) => <CorrectedMarkets markets={markets} />,
    },
    { title: t.reason, dataIndex: 'reason', width: 180 },
    {
      title: t.status,
      dataIndex: 'status',
      width: 140,
      render: (s: Correction['status'], r: Correction) => (
        <Space orientation="vertical" size={2}>
          <Tag color={statusColor[s]}>{t.statuses[s] ?? s}</Tag>
          {r.rejectReason && (
            <Typography.Text type="secondary" style={secondary}>
              {t.rejectedFor(r.rejectReason)}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t.toPlayers,
      dataIndex: 'toPlayers',
      align: 'right',
      width: 120,
      render: (v: number) => <MoneyText value={v} />,
    },
    {
      title: t.fromPlayers,
      dataIndex: 'fromPlayers',
      align: 'right',
      width: 120,
      render: (v: number) => <MoneyText value={v} />,
    },
    {
      title: t.debts,
      dataIndex: 'debts',
      align: 'right',
      width: 120,
      render: (v: number, r: Correction) =>
        v > 0 ? (
          <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
            <MoneyText value={v} />
            <Typography.Text type="secondary" style={secondary}>
              {t.debtors(r.debtors)}
            </Typography.Text>
          </Space>
        ) : (
          '-'
        ),
    },
    {
      title: t.createdBy,
      key: 'created',
      width: 170,
      render: (_: unknown, r: Correction) => byAt(r.createdBy, r.createdAt),
    },
    {
      title: t.decidedBy,
      key: 'decided',
      width: 170,
      render: (_: unknown, r: Correction) => byAt(r.decidedBy, r.decidedAt),
    },
  ];
  return actions
    ? [...list, { title: t.actions, key: 'actions', width: 170, render: (_: unknown, r: Correction) => actions(r) }]
    : list;
}
