import { Link } from 'react-router';
import { Flex, Space, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { taiqiuAdmin } from '@breakshot/contracts';
import { betStatusTag } from '../../components/bet-status-tag';
import { MoneyText } from '../../components/money-text';
import { PlayerTags } from '../../components/player-tags';
import { money } from '../../lib/money';
import { paths } from '../../lib/paths';
import { dateTime } from '../../lib/time';
import { tickerTexts as t } from './texts';

type TickerBet = taiqiuAdmin.TickerBet;

const mono = { fontFamily: 'monospace', fontSize: 12 } as const;
const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
/** Below this stake factor the player is limited (taiqiu/player/limits). */
const FULL_STAKE_BP = 10_000;

export const formatOdds = (odds: number): string => odds.toFixed(2);

/** The player, linked to their page, their tags, and 限注 when their stakes are cut. */
function PlayerCell({ bet }: { bet: TickerBet }) {
  return (
    <Space size={6} wrap>
      <Link to={paths.player(bet.username)}>{bet.username}</Link>
      <PlayerTags tags={bet.tags} />
      {bet.stakeFactorBp < FULL_STAKE_BP && (
        <Tooltip title={t.limitedTip(bet.stakeFactorBp)}>
          <Tag color="orange" style={{ marginInlineEnd: 0 }}>
            {t.limited}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}

/** Each leg as "match · market · selection @ odds"; a parlay's stacked under 串关. */
function LegsCell({ bet }: { bet: TickerBet }) {
  const parlay = bet.kind === 'parlay';
  return (
    <Flex gap={8} align="flex-start">
      {parlay && (
        <Tag color="purple" style={{ marginInlineEnd: 0, flex: 'none' }}>
          {t.parlay}
        </Tag>
      )}
      <Flex vertical gap={2}>
        {bet.legs.map((leg, i) => (
          <Typography.Text
            key={`${leg.marketId}-${i}`}
            style={{ fontSize: parlay ? 13 : undefined }}
            data-testid="ticker-leg"
          >
            <Typography.Text type="secondary">{leg.matchName}</Typography.Text>
            {' · '}
            {leg.marketName}
            {' · '}
            <span style={{ whiteSpace: 'nowrap' }}>
              <Typography.Text strong>{leg.selectionName}</Typography.Text>
              <Typography.Text type="secondary" style={tabular}>
                {' @ '}
                {formatOdds(leg.odds)}
              </Typography.Text>
            </span>
          </Typography.Text>
        ))}
      </Flex>
    </Flex>
  );
}

/** The stake; when the limits cut it, the stake asked struck through above it. */
function StakeCell({ bet }: { bet: TickerBet }) {
  if (bet.askedStake === null) return <MoneyText value={bet.stake} strong />;
  return (
    <Tooltip title={t.askedTip(money(bet.askedStake), money(bet.stake))}>
      <Flex vertical align="flex-end">
        <Typography.Text delete type="secondary" style={{ fontSize: 12, ...tabular }} data-testid="asked-stake">
          {money(bet.askedStake)}
        </Typography.Text>
        <MoneyText value={bet.stake} strong />
      </Flex>
    </Tooltip>
  );
}

export function tickerColumns(): ColumnsType<TickerBet> {
  return [
    { title: t.at, dataIndex: 'at', width: 170, render: dateTime },
    {
      title: t.betNo,
      dataIndex: 'betNo',
      width: 172,
      render: (no: string) => <Typography.Text style={mono}>{no}</Typography.Text>,
    },
    { title: t.player, key: 'player', width: 160, render: (_: unknown, b: TickerBet) => <PlayerCell bet={b} /> },
    { title: t.legs, key: 'legs', render: (_: unknown, b: TickerBet) => <LegsCell bet={b} /> },
    {
      title: t.odds,
      dataIndex: 'odds',
      width: 80,
      align: 'right',
      render: (odds: number) => (
        <Typography.Text strong style={tabular}>
          {formatOdds(odds)}
        </Typography.Text>
      ),
    },
    {
      title: t.stake,
      key: 'stake',
      width: 130,
      align: 'right',
      render: (_: unknown, b: TickerBet) => <StakeCell bet={b} />,
    },
    { title: t.status, dataIndex: 'status', width: 100, render: betStatusTag },
  ];
}
