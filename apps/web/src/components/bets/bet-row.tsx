import type { bets } from '@breakshot/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import { MoneyText } from '../ui/money-text';
import { SignedMoney } from '../ui/signed-money';
import { StatusChip, type ChipTone } from '../ui/status-chip';
import { useSiteTime } from '../../lib/time';
import { CashoutFigures } from './cashout-figures';
import './bets.css';
import './i18n';

type BetRecord = bets.BetRecord;

export const BET_TONE: Record<BetRecord['status'], ChipTone> = {
  pending: 'pending',
  open: 'info',
  won: 'success',
  lost: 'danger',
  void: 'muted',
  rejected: 'muted',
  cashout: 'muted',
};

/** A bet whose win or loss is known: settled (cashed out included), or void (its stake back). */
const decided = (status: BetRecord['status']) =>
  status === 'won' || status === 'lost' || status === 'void' || status === 'cashout';

/**
 * Win/loss of a bet: payout − stake once settled (a cashed-out bet's payout holds its cash-outs) or
 * void; null while pending or open, and for a rejected one.
 */
export const winLossOf = (b: Pick<BetRecord, 'status' | 'payout' | 'stake'>): number | null =>
  decided(b.status) ? b.payout - b.stake : null;

const REASONS = new Set(['oddsChanged', 'marketSuspended', 'marketClosed', 'matchNotOpen']);

/** The text key of why a pending bet was not accepted (bets.reason.*); an unknown reason says only that. */
export const rejectedReasonKey = (reason: string | undefined | null): string =>
  reason && REASONS.has(reason) ? `bets.reason.${reason}` : 'bets.reason.unknown';

/** The result cell of a row: win/loss in colour, or 待开奖 / 确认中 / 已退款 / 未接受. */
export function BetResult({ bet }: { bet: Pick<BetRecord, 'status' | 'payout' | 'stake'> }) {
  const { t } = useT();
  if (bet.status === 'pending') {
    return (
      <StatusChip tone="pending" live>
        {t('bets.status.pending')}
      </StatusChip>
    );
  }
  if (bet.status === 'open') return <StatusChip tone="info">{t('bets.pending')}</StatusChip>;
  if (bet.status === 'void') return <StatusChip tone="muted">{t('bets.refunded')}</StatusChip>;
  if (bet.status === 'rejected') return <StatusChip tone="muted">{t('bets.status.rejected')}</StatusChip>;
  return <SignedMoney value={winLossOf(bet) ?? 0} className="bets-wl" />;
}

/**
 * What a row says of its status: the status, and of a rejected bet why (its `rejectedReason`) and
 * that its stake came back.
 */
export function BetStatusText({ bet }: { bet: Pick<BetRecord, 'status' | 'rejectedReason'> }) {
  const { t } = useT();
  if (bet.status === 'rejected') {
    const reason = bet.rejectedReason;
    return (
      <span className="bets-rejected" data-testid="bet-rejected-reason">
        {reason ? `${t(rejectedReasonKey(reason))} · ` : ''}
        {t('bets.refundedStake')}
      </span>
    );
  }
  if (bet.status === 'pending') return <span className="bets-confirming">{t('bets.status.pending')}</span>;
  return <span>{t(`bets.status.${bet.status}`)}</span>;
}

/** A bet row: links to `to` (the bet's details) and carries `data-bet-no` and `data-status`. */
export function BetRowLink({ bet, to, children }: { bet: BetRecord; to: string; children: ReactNode }) {
  return (
    <Link className="rec bets-row" to={to} data-bet-no={bet.betNo} data-status={bet.status}>
      {children}
    </Link>
  );
}

/** One bet: game, bet number, stake, result; opens its details at `to`. */
export function BetRow({ bet, to }: { bet: BetRecord; to: string }) {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  return (
    <BetRowLink bet={bet} to={to}>
      <div className="rec-top">
        <span className="rec-title">
          <span className={`bets-type bets-type-${bet.gameType}`}>{t(`bets.type.${bet.gameType}`)}</span>
          <span className="bets-game">{bet.gameName}</span>
        </span>
        <BetResult bet={bet} />
      </div>
      {bet.selectionName && (
        <div className="rec-bottom bets-pick">
          <span>{[bet.marketName, bet.selectionName].filter(Boolean).join(' · ')}</span>
        </div>
      )}
      <div className="rec-bottom">
        <span className="mono">{bet.betNo}</span>
        <span>
          {t('bets.stake')} <MoneyText value={bet.stake} />
        </span>
      </div>
      <CashoutFigures bet={bet} />
      <div className="rec-bottom">
        <span>{formatDateTime(bet.createdAt)}</span>
        <BetStatusText bet={bet} />
      </div>
    </BetRowLink>
  );
}
