import { Link } from 'react-router';
import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { taiqiuAdmin } from '@breakshot/contracts';
import { money } from '../lib/money';
import { paths } from '../lib/paths';
import { betStatusTag } from './bet-status-tag';
import { MoneyText } from './money-text';

type Line = taiqiuAdmin.CorrectionLine;

const texts = {
  betNo: '注单号',
  player: '玩家',
  kind: '类型',
  kinds: { single: '单注', parlay: '串关' } as Record<string, string>,
  stake: '本金',
  before: '更正前',
  after: '更正后',
  difference: '差额',
  differenceTip: '正数派给玩家，负数从玩家收回',
  debt: '欠款',
};

const mono = { fontFamily: 'monospace', fontSize: 12 } as const;

/** A bet's status and payout on one side of the correction. */
const outcome = (side: Line['before']) => (
  <Space size={4}>
    {betStatusTag(side.status)}
    <MoneyText value={side.payout} />
  </Space>
);

/**
 * The bets a result correction re-settles (docs/design.md §9, "Result corrections"), each with its
 * status and payout before and after: the correction's preview and its bets in the log.
 */
export const correctionLineColumns: ColumnsType<Line> = [
  {
    title: texts.betNo,
    dataIndex: 'betNo',
    width: 170,
    render: (no: string) => <Typography.Text style={mono}>{no}</Typography.Text>,
  },
  {
    title: texts.player,
    dataIndex: 'username',
    width: 120,
    render: (u: string) => <Link to={paths.player(u)}>{u}</Link>,
  },
  {
    title: texts.kind,
    dataIndex: 'kind',
    width: 70,
    render: (k: Line['kind']) => <Tag color={k === 'parlay' ? 'purple' : undefined}>{texts.kinds[k] ?? k}</Tag>,
  },
  {
    title: texts.stake,
    dataIndex: 'stake',
    align: 'right',
    width: 110,
    render: (v: number) => <MoneyText value={v} />,
  },
  { title: texts.before, key: 'before', width: 150, render: (_: unknown, l: Line) => outcome(l.before) },
  { title: texts.after, key: 'after', width: 150, render: (_: unknown, l: Line) => outcome(l.after) },
  {
    title: <span title={texts.differenceTip}>{texts.difference}</span>,
    dataIndex: 'difference',
    align: 'right',
    width: 120,
    render: (v: number) => <MoneyText value={v} signed strong />,
  },
  {
    title: texts.debt,
    dataIndex: 'debt',
    align: 'right',
    width: 110,
    render: (v: number) => (v > 0 ? <Typography.Text type="danger">{money(v)}</Typography.Text> : '-'),
  },
];
