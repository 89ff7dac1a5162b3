import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Drawer, Skeleton, Typography } from 'antd';
import { playersAdmin, type DataOf } from '@breakshot/contracts';
import { MoneyText } from '../../components/money-text';
import { ReadFailed } from '../../components/read-failed';
import { call } from '../../lib/api';
import { money } from '../../lib/money';
import { callKey } from '../../lib/query-client';
import { dateTime } from '../../lib/time';
import { BetCashoutsTable } from './bet-cashouts-table';
import { betStatusTag } from '../../components/bet-status-tag';
import { ParlayLegsTable } from './parlay-legs-table';
import { playerTexts as t } from './texts';

type BetDetails = DataOf<typeof playersAdmin.playerBetDetails>;
type Parlay = NonNullable<BetDetails['parlay']>;

const section = (title: string) => (
  <Typography.Title level={5} style={{ margin: '24px 0 12px' }}>
    {title}
  </Typography.Title>
);

const orDash = (v: ReactNode) => v ?? '-';

/** The game and, when the round has one, its start. */
function GameCell({ d }: { d: BetDetails }) {
  if (!d.round?.startAt) return <>{d.gameName}</>;
  return (
    <>
      {d.gameName}
      <br />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t.roundStart(dateTime(d.round.startAt))}
      </Typography.Text>
    </>
  );
}

/** What was paid back, and a win held for an operator beside it. */
function PayoutCell({ d }: { d: BetDetails }) {
  return (
    <>
      <MoneyText value={d.payout} />
      {d.heldPayout > 0 && (
        <Typography.Text type="warning" style={{ marginLeft: 8, fontSize: 12 }}>
          {t.heldPayout(money(d.heldPayout))}
        </Typography.Text>
      )}
    </>
  );
}

function Summary({ d }: { d: BetDetails }) {
  return (
    <Descriptions column={2} size="small" bordered data-testid="bet-summary">
      <Descriptions.Item label={t.betNo}>
        <Typography.Text copyable>{d.betNo}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t.betStatus}>{betStatusTag(d.status)}</Descriptions.Item>
      <Descriptions.Item label={t.betGame} span={2}>
        <GameCell d={d} />
      </Descriptions.Item>
      <Descriptions.Item label={t.market}>{orDash(d.marketName)}</Descriptions.Item>
      <Descriptions.Item label={t.pick}>{orDash(d.selectionName)}</Descriptions.Item>
      <Descriptions.Item label={t.odds}>{orDash(d.odds)}</Descriptions.Item>
      <Descriptions.Item label={t.betStake}>
        <MoneyText value={d.stake} />
      </Descriptions.Item>
      <Descriptions.Item label={t.validBet}>
        <MoneyText value={d.validBet} />
      </Descriptions.Item>
      <Descriptions.Item label={t.payout}>
        <PayoutCell d={d} />
      </Descriptions.Item>
      <Descriptions.Item label={t.winLoss}>
        {d.winLoss === null ? '-' : <MoneyText value={d.winLoss} signed />}
      </Descriptions.Item>
      <Descriptions.Item label={t.result}>{orDash(d.result)}</Descriptions.Item>
      <Descriptions.Item label={t.placedAt}>{dateTime(d.createdAt)}</Descriptions.Item>
      <Descriptions.Item label={t.settledAt}>{dateTime(d.settledAt)}</Descriptions.Item>
      {d.cashoutStake > 0 && (
        <Descriptions.Item label={t.cashedOutStake}>
          <MoneyText value={d.cashoutStake} />
        </Descriptions.Item>
      )}
      {d.cashoutStake > 0 && (
        <Descriptions.Item label={t.cashedOutPaid}>
          <MoneyText value={d.cashoutPaid} />
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

function ParlaySection({ parlay }: { parlay: Parlay }) {
  return (
    <>
      {section(t.parlay)}
      {parlay.awaitingCorrection && (
        <Alert type="info" showIcon title={t.awaitingCorrection} style={{ marginBottom: 12 }} />
      )}
      <Descriptions column={3} size="small" bordered data-testid="bet-parlay" style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t.parlay}>{parlay.system}</Descriptions.Item>
        <Descriptions.Item label={t.unitStake}>
          <MoneyText value={parlay.unitStake} /> × {parlay.combinations}
        </Descriptions.Item>
        <Descriptions.Item label={t.potentialReturn}>
          <MoneyText value={parlay.potentialReturn} />
        </Descriptions.Item>
      </Descriptions>
      <ParlayLegsTable legs={parlay.legs} />
    </>
  );
}

function Body({ d }: { d: BetDetails }) {
  return (
    <>
      <Summary d={d} />
      {d.parlay && <ParlaySection parlay={d.parlay} />}
      {d.cashouts.length > 0 && (
        <>
          {section(t.cashouts)}
          <BetCashoutsTable cashouts={d.cashouts} />
        </>
      )}
    </>
  );
}

/**
 * One bet of the player's (players/bets/details) as the player's own details show it: stakes,
 * payout, status, a parlay's legs with their outcomes and the bet's cash-outs. `betNo` stays set
 * while the drawer closes, so its content does not blank out during the animation.
 */
export function BetDetailsDrawer({
  username,
  betNo,
  open,
  onClose,
}: {
  username: string;
  betNo: string | null;
  open: boolean;
  onClose: () => void;
}) {
  const input = { username, betNo: betNo ?? '' };
  const query = useQuery({
    queryKey: callKey(playersAdmin.playerBetDetails, input),
    queryFn: ({ signal }) => call(playersAdmin.playerBetDetails, input, { signal }),
    enabled: betNo !== null,
  });
  return (
    <Drawer open={open} onClose={onClose} size={760} title={betNo ? `${t.betDetails} ${betNo}` : t.betDetails}>
      {query.error ? (
        <ReadFailed query={query} />
      ) : query.data ? (
        <Body d={query.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Drawer>
  );
}
