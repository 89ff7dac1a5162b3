import { useMemo, useState } from 'react';
import { Alert, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { playersAdmin } from '@breakshot/contracts';
import { ContractTable, type RowOf } from '../../components/contract-table';
import { MoneyText } from '../../components/money-text';
import { money } from '../../lib/money';
import { dateTime } from '../../lib/time';
import { BetDetailsDrawer } from './bet-details-drawer';
import { betStatusTag } from '../../components/bet-status-tag';
import { playerTexts as t } from './texts';

type BetRow = RowOf<typeof playersAdmin.playerBets>;

/** 提前结算 of a bet: the stake cashed out and what it paid, when any was; else a dash. */
function cashoutCell(r: BetRow) {
  if (r.cashoutStake <= 0 && r.cashoutPaid <= 0) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Flex vertical align="flex-end" data-testid={`cashout-${r.betNo}`}>
      <span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.cashoutStake}{' '}
        </Typography.Text>
        <MoneyText value={r.cashoutStake} />
      </span>
      <span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t.cashoutPaid}{' '}
        </Typography.Text>
        <MoneyText value={r.cashoutPaid} />
      </span>
    </Flex>
  );
}

/** The bets table; a bet number opens the bet's details. */
const betColumns = (onOpen: (betNo: string) => void): ColumnsType<BetRow> => [
  {
    title: t.betNo,
    dataIndex: 'betNo',
    render: (v: string) => (
      <Typography.Link copyable={{ text: v }} onClick={() => onOpen(v)}>
        {v}
      </Typography.Link>
    ),
  },
  { title: t.game, dataIndex: 'gameName' },
  {
    title: t.selection,
    key: 'selection',
    render: (_: unknown, r: BetRow) => [r.marketName, r.selectionName].filter(Boolean).join(' · ') || '-',
  },
  { title: t.odds, dataIndex: 'odds', render: (v: number | null) => v ?? '-' },
  { title: t.stake, dataIndex: 'stake', align: 'right', render: (v: number) => <MoneyText value={v} /> },
  { title: t.validBet, dataIndex: 'validBet', align: 'right', render: (v: number) => <MoneyText value={v} /> },
  { title: t.payout, dataIndex: 'payout', align: 'right', render: (v: number) => <MoneyText value={v} /> },
  { title: t.cashout, key: 'cashout', align: 'right', render: (_: unknown, r: BetRow) => cashoutCell(r) },
  { title: t.betStatus, dataIndex: 'status', render: betStatusTag },
  { title: t.time, dataIndex: 'createdAt', render: dateTime, width: 180 },
];

/** The player's 投注记录 tab: their bets with a summary, each bet's details in a drawer. */
export function PlayerBets({ username }: { username: string }) {
  // The bet stays set while the drawer closes; `open` alone shows and hides it.
  const [betNo, setBetNo] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const columns = useMemo(
    () =>
      betColumns((no) => {
        setBetNo(no);
        setOpen(true);
      }),
    [],
  );
  return (
    <>
      <ContractTable
        bare
        call={playersAdmin.playerBets}
        fixed={{ username }}
        rowKey="betNo"
        columns={columns}
        summary={(d) => (
          <Alert
            type="info"
            style={{ marginBottom: 12 }}
            title={t.summary(d.summary.count, money(d.summary.stake), money(d.summary.winLoss))}
          />
        )}
      />
      <BetDetailsDrawer username={username} betNo={betNo} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
