import type { bets } from '@breakshot/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { DataOf } from '../../lib/http';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { formatOdds } from '../../lib/odds';
import { pathTo } from '../../lib/paths';
import { errorText } from '../../lib/toast';
import { CopyText } from '../ui/copy-text';
import { DetailRows } from '../ui/detail-rows';
import { MoneyText } from '../ui/money-text';
import { ErrorState, InfoState, PageSkeleton } from '../ui/page-state';
import { SignedMoney } from '../ui/signed-money';
import { StatusChip } from '../ui/status-chip';
import { useCurrencySymbol } from '../../lib/sys-config';
import { useSiteTime } from '../../lib/time';
import { BET_TONE, rejectedReasonKey } from './bet-row';
import { CashoutRecords } from './cashout-records';
import { ParlayDetails } from './parlay-details';
import './bets.css';
import './cashout-i18n';
import './i18n';

export type BetRecordDetails = DataOf<typeof bets.betRecordDetails>;

/**
 * One bet's details from the query that loads it (the player's own, or a team member's): every
 * field, and the match for billiards, or a parlay's system and legs, and its cash-outs (提前结算);
 * 注单不存在 on 404.
 */
export function BetDetails({ query: q }: { query: UseQueryResult<BetRecordDetails> }) {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const symbol = useCurrencySymbol();
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) {
    return (q.error as { code?: number }).code === 404 ? (
      <InfoState icon="?" title={t('bets.notFound')} />
    ) : (
      <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
    );
  }
  const b = q.data;
  const taiqiu = b.gameType === 'taiqiu';
  const matchId = Number(b.roundId);
  return (
    <div className="bet-details" data-testid="bet-details" data-bet-no={b.betNo} data-status={b.status}>
      <section className="card bets-detail-head">
        <div className="muted small">{t(`bets.type.${b.gameType}`)}</div>
        <div className="bets-detail-game">{b.gameName}</div>
        {b.winLoss !== null && (
          <div className="bets-detail-wl" data-testid="detail-winLoss">
            <SignedMoney value={b.winLoss} />
          </div>
        )}
        {/* The status is said once, here. */}
        <StatusChip tone={BET_TONE[b.status]} testId="detail-status" live={b.status === 'pending'}>
          {t(`bets.status.${b.status}`)}
        </StatusChip>
        {b.status === 'pending' && <div className="muted small">{t('bets.confirming')}</div>}
      </section>
      <section className="card">
        <DetailRows
          rows={[
            {
              label: t('bets.d.betNo'),
              value: <CopyText value={b.betNo} label={t('bets.d.betNo')} testId="detail-betNo" />,
            },
            { label: t('bets.d.game'), value: b.gameName },
            b.round !== null
              ? {
                  label: t(taiqiu ? 'bets.d.match' : 'bets.d.round'),
                  value: (
                    <span className="bets-detail-round">
                      <span>{b.round.title}</span>
                      {b.round.startAt && <span className="muted small">{formatDateTime(b.round.startAt)}</span>}
                    </span>
                  ),
                  testId: 'detail-round',
                }
              : // A parlay's legs name its matches (below).
                b.parlay === null && { label: t('bets.d.round'), value: <span className="mono">{b.roundId}</span> },
            b.marketName !== null && { label: t('bets.d.market'), value: b.marketName },
            b.selectionName !== null && {
              label: t('bets.d.selection'),
              value: b.selectionName,
              testId: 'detail-selection',
            },
            b.odds !== null && {
              label: t('bets.d.odds'),
              value: <span className="gold-text">{formatOdds(b.odds)}</span>,
              testId: 'detail-odds',
            },
            { label: t('bets.d.stake'), value: <MoneyText value={b.stake} />, testId: 'detail-stake' },
            { label: t('bets.d.validBet'), value: <MoneyText value={b.validBet} />, testId: 'detail-validBet' },
            (b.status === 'open' || b.status === 'pending') && b.potentialReturn !== null
              ? { label: t('bets.d.potential'), value: <MoneyText value={b.potentialReturn} /> }
              : b.status === 'rejected'
                ? {
                    label: t('bets.d.reason'),
                    value: (
                      <span className="bets-detail-round">
                        <span>{t(rejectedReasonKey(b.rejectedReason))}</span>
                        <span className="muted small">
                          {t('bets.d.refunded', { amount: formatMoney(b.stake, symbol) })}
                        </span>
                      </span>
                    ),
                    testId: 'detail-reason',
                  }
                : { label: t('bets.d.payout'), value: <MoneyText value={b.payout} />, testId: 'detail-payout' },
            // Cashed out so far (提前结算): the stake taken and what it paid.
            b.cashoutStake > 0 && {
              label: t('bets.co.stake'),
              value: <MoneyText value={b.cashoutStake} />,
              testId: 'detail-cashoutStake',
            },
            b.cashoutStake > 0 && {
              label: t('bets.co.paid'),
              value: <MoneyText value={b.cashoutPaid} className="gold-text" />,
              testId: 'detail-cashoutPaid',
            },
            // A provider game's win above its limit: not paid yet, so not in the payout above.
            b.heldPayout > 0 && {
              label: t('bets.d.heldPayout'),
              value: (
                <span className="bets-detail-round">
                  <MoneyText value={b.heldPayout} />
                  <span className="muted small">{t('bets.d.heldPayoutHint')}</span>
                </span>
              ),
              testId: 'detail-heldPayout',
            },
            b.result !== null && {
              label: t(taiqiu ? 'bets.d.score' : 'bets.d.result'),
              value: b.result,
              testId: 'detail-result',
            },
            { label: t('bets.d.placedAt'), value: formatDateTime(b.createdAt) },
            b.settledAt !== null && { label: t('bets.d.settledAt'), value: formatDateTime(b.settledAt) },
          ]}
        />
      </section>
      {b.parlay && <ParlayDetails parlay={b.parlay} />}
      <CashoutRecords cashouts={b.cashouts} />
      {taiqiu && Number.isInteger(matchId) && matchId > 0 && (
        <Link className="btn btn-ghost btn-block bets-detail-action" to={pathTo('taiqiu', { id: matchId })}>
          {t('bets.d.openMatch')}
        </Link>
      )}
    </div>
  );
}
