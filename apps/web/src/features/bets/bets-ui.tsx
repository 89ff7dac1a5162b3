import type { bets } from '@breakshot/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { DateFilter, useDateRange } from '../../components/ui/date-filter';
import { MoneyText } from '../../components/ui/money-text';
import { SignedMoney } from '../../components/ui/signed-money';
import { StatusChip, type ChipTone } from '../../components/ui/status-chip';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import type { BetRecord, BetRecordFilter, BetSummary } from './api/bet-record-list';
import './bets.css';
import './i18n';

export type GameType = bets.GameType;
export const GAME_TYPES: readonly GameType[] = ['taiqiu', 'slots', 'poker'];
export const isGameType = (v: string | undefined): v is GameType => GAME_TYPES.includes(v as GameType);

export type StatusFilter = 'open' | 'settled' | 'void';
const STATUS_FILTERS: readonly StatusFilter[] = ['open', 'settled', 'void'];

export const BET_TONE: Record<BetRecord['status'], ChipTone> = {
  open: 'info',
  won: 'success',
  lost: 'danger',
  void: 'muted',
};

/** Decimal odds with two or three places. */
export function formatOdds(odds: number): string {
  const milli = Math.round(odds * 1000);
  return milli % 10 === 0 ? (milli / 1000).toFixed(2) : (milli / 1000).toFixed(3);
}

/** Win/loss of a bet: payout − stake once settled or void; null while open. */
export const winLossOf = (b: Pick<BetRecord, 'status' | 'payout' | 'stake'>): number | null =>
  b.status === 'open' ? null : b.payout - b.stake;

/** The filter bar of record pages: shared date filter and status chips; returns the call's filter. */
export function useBetFilter(gameType: GameType | undefined) {
  const { range, setRange, timeZone, instants } = useDateRange('month');
  const [status, setStatus] = useState<StatusFilter | undefined>(undefined);
  const filter: BetRecordFilter = {
    ...(gameType ? { gameType } : {}),
    ...(status ? { status } : {}),
    from: instants.from,
    to: instants.to,
  };
  return { filter, range, setRange, timeZone, status, setStatus };
}

export function BetFilters({ f }: { f: ReturnType<typeof useBetFilter> }) {
  const { t } = useT();
  return (
    <div className="filters card bets-filters">
      <DateFilter value={f.range} onChange={f.setRange} timeZone={f.timeZone} />
      <div className="chip-row" role="radiogroup" aria-label={t('bets.d.status')} data-testid="status-filter">
        {[undefined, ...STATUS_FILTERS].map((s) => (
          <button
            key={s ?? 'all'}
            type="button"
            role="radio"
            aria-checked={f.status === s}
            className={`chip${f.status === s ? ' chip-active' : ''}`}
            onClick={() => f.setStatus(s)}
            data-status={s ?? 'all'}
          >
            {t(`bets.filter.${s ?? 'all'}`)}
          </button>
        ))}
      </div>
    </div>
  );
}

/** Summary of the filter: win/loss headline, count, stake, valid bet, payout. */
export function BetSummaryCard({ summary }: { summary: BetSummary | undefined }) {
  const { t } = useT();
  return (
    <section className="card bets-summary" data-testid="bet-summary" aria-busy={!summary}>
      <div className="bets-summary-head">
        <span className="muted">{t('bets.sum.winLoss')}</span>
        <span className="bets-summary-wl" data-testid="sum-winLoss">
          {summary ? <SignedMoney value={summary.winLoss} /> : <span className="sk sk-line bets-sk" />}
        </span>
      </div>
      <div className="bets-summary-grid">
        {(['count', 'stake', 'validBet', 'payout'] as const).map((k) => (
          <div key={k} className="bets-summary-cell">
            <span className="muted small">{t(`bets.sum.${k}`)}</span>
            <strong data-testid={`sum-${k}`}>
              {!summary ? '—' : k === 'count' ? summary.count : <MoneyText value={summary[k]} />}
            </strong>
          </div>
        ))}
      </div>
      <div className="bets-summary-hint muted small">
        <span>{t('bets.sum.hint')}</span>
        <Link to={pathTo('touzhugiuze')}>{t('bets.rules')} ›</Link>
      </div>
    </section>
  );
}

/** The result cell of a row: win/loss in colour, or 待开奖 / 已退款. */
export function BetResult({ bet }: { bet: Pick<BetRecord, 'status' | 'payout' | 'stake'> }) {
  const { t } = useT();
  if (bet.status === 'open') return <StatusChip tone="info">{t('bets.pending')}</StatusChip>;
  if (bet.status === 'void') return <StatusChip tone="muted">{t('bets.refunded')}</StatusChip>;
  return <SignedMoney value={winLossOf(bet) ?? 0} className="bets-wl" />;
}
