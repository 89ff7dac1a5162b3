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

/** Who did it (after its label), and when under it; nothing before it is done. */
const byAt = (label: string, who: string | null, at: string | null) =>
  who !== null && (
    <Space orientation="vertical" size={0}>
      <Space size={4}>
        <Typography.Text type="secondary" style={secondary}>
          {label}
        </Typography.Text>
        <Typography.Text>{who}</Typography.Text>
      </Space>
      <Typography.Text type="secondary" style={secondary}>
        {dateTime(at)}
      </Typography.Text>
    </Space>
  );

/** A money line of the amounts column: its label, the amount, and what follows it. */
const moneyLine = (label: string, value: number, after?: ReactNode) => (
  <Space size={4} style={{ justifyContent: 'flex-end' }}>
    <Typography.Text type="secondary" style={secondary}>
      {label}
    </Typography.Text>
    <MoneyText value={value} />
    {after}
  </Space>
);

/**
 * The log's columns, narrow enough for a 1440 px console without sideways scrolling: the money
 * and the operators stacked in one column each; `actions` renders a pending row's 复核通过 and
 * 驳回 under its status (none for a role that may not).
 */
export function correctionColumns(actions: ((row: Correction) => ReactNode) | null): ColumnsType<Correction> {
  return [
    { title: t.id, dataIndex: 'id', width: 64 },
    {
      title: t.match,
      dataIndex: 'matchName',
      width: 140,
      render: (name: string, r: Correction) => (
        <Tooltip title={t.matchTip}>
          <Link to={`${paths.tradingTicker}?${TICKER_MATCH_PARAM}=${r.matchId}`}>{name}</Link>
        </Tooltip>
      ),
    },
    {
      title: t.markets,
      dataIndex: 'markets',
      width: 230,
      render: (markets: Correction['markets']) => <CorrectedMarkets markets={markets} />,
    },
    { title: t.reason, dataIndex: 'reason', width: 150 },
    {
      title: t.status,
      dataIndex: 'status',
      width: 170,
      render: (s: Correction['status'], r: Correction) => (
        <Space orientation="vertical" size={4}>
          <Tag color={statusColor[s]}>{t.statuses[s] ?? s}</Tag>
          {r.rejectReason && (
            <Typography.Text type="secondary" style={secondary}>
              {t.rejectedFor(r.rejectReason)}
            </Typography.Text>
          )}
          {actions?.(r)}
        </Space>
      ),
    },
    {
      title: t.amounts,
      key: 'amounts',
      align: 'right',
      width: 200,
      render: (_: unknown, r: Correction) => (
        <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
          {moneyLine(t.toPlayers, r.toPlayers)}
          {moneyLine(t.fromPlayers, r.fromPlayers)}
          {r.waiting > 0 && (
            <Tooltip title={t.waitingTip}>
              <Typography.Text type="warning" style={secondary}>
                {t.waiting(r.waiting)}
              </Typography.Text>
            </Tooltip>
          )}
          {r.debts > 0 &&
            moneyLine(
              t.debts,
              r.debts,
              <Typography.Text type="secondary" style={secondary}>
                {t.debtors(r.debtors)}
              </Typography.Text>,
            )}
        </Space>
      ),
    },
    {
      title: t.operators,
      key: 'operators',
      width: 180,
      render: (_: unknown, r: Correction) => (
        <Space orientation="vertical" size={4}>
          {byAt(t.createdBy, r.createdBy, r.createdAt)}
          {byAt(t.decidedBy, r.decidedBy, r.decidedAt)}
        </Space>
      ),
    },
  ];
}
