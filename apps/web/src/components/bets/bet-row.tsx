import type { bets } from '@breakshot/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../../lib/i18n';
import { MoneyText } from '../ui/money-text';
import { SignedMoney } from '../ui/signed-money';
import { StatusChip, type ChipTone } from '../ui/status-chip';
import { useSiteTime } from '../../lib/time';
import './bets.css';
import './i18n';

type BetRecord = bets.BetRecord;

export const BET_TONE: Record<BetRecord['status'], ChipTone> = {
  open: 'info',
  won: 'success',
  lost: 'danger',
  void: 'muted',
};

/** Win/loss of a bet: payout − stake once settled or void; null while open. */
export const winLossOf = (b: Pick<BetRecord, 'status' | 'payout' | 'stake'>): number | null =>
  b.status === 'open' ? null : b.payout - b.stake;

/** The result cell of a row: win/loss in colour, or 待开奖 / 已退款. */
export function BetResult({ bet }: { bet: Pick<BetRecord, 'status' | 'payout' | 'stake'> }) {
  const { t } = useT();
  if (bet.status === 'open') return <StatusChip tone="info">{t('bets.pending')}</StatusChip>;
  if (bet.status === 'void') return <StatusChip tone="muted">{t('bets.refunded')}</StatusChip>;
  return <SignedMoney value={winLossOf(bet) ?? 0} className="bets-wl" />;
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
      <div className="rec-bottom">
        <span>{formatDateTime(bet.createdAt)}</span>
        <span>{t(`bets.status.${bet.status}`)}</span>
      </div>
    </BetRowLink>
  );
}
