import type { GameType } from '@breakshot/contracts';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChipFilter } from '../../components/ui/chip-filter';
import { DateFilter, useDateRange } from '../../components/ui/date-filter';
import { MoneyText } from '../../components/ui/money-text';
import { RecordList } from '../../components/ui/record-list';
import { SignedMoney } from '../../components/ui/signed-money';
import { StatusChip, type ChipTone } from '../../components/ui/status-chip';
import { GAME_TYPES } from '../../lib/game-types';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import {
  betKeys,
  fetchBetRecords,
  type BetRecord,
  type BetRecordFilter,
  type BetRecordPage,
  type BetSummary,
} from './api/bet-record-list';
import './bets.css';
import './i18n';

export const isGameType = (v: string | undefined): v is GameType => GAME_TYPES.includes(v as GameType);

export type StatusFilter = 'open' | 'settled' | 'void';
const STATUS_FILTERS: readonly StatusFilter[] = ['open', 'settled', 'void'];

export const BET_TONE: Record<BetRecord['status'], ChipTone> = {
  open: 'info',
  won: 'success',
  lost: 'danger',
  void: 'muted',
};

/** Win/loss of a bet: payout − stake once settled or void; null while open. */
export const winLossOf = (b: Pick<BetRecord, 'status' | 'payout' | 'stake'>): number | null =>
  b.status === 'open' ? null : b.payout - b.stake;

/** State of the filter bar: date range and status; `filter` is what the list call takes. */
function useBetFilter(gameType: GameType | undefined) {
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

/**
 * The body of the record pages: date filter and status chips, the filter's summary, then the bets
 * (of `gameType`, or all) as rows; when empty, optionally a link back to /home.
 */
export function BetList({
  gameType,
  testId,
  emptyHomeLink = false,
  renderItem,
}: {
  gameType: GameType | undefined;
  testId: string;
  emptyHomeLink?: boolean;
  renderItem: (bet: BetRecord) => ReactNode;
}) {
  const { t } = useT();
  const f = useBetFilter(gameType);
  return (
    <>
      <div className="filters card bets-filters">
        <DateFilter value={f.range} onChange={f.setRange} timeZone={f.timeZone} />
        <ChipFilter
          options={STATUS_FILTERS}
          value={f.status}
          onChange={f.setStatus}
          label={(s) => t(`bets.filter.${s ?? 'all'}`)}
          dataKey="status"
          ariaLabel={t('bets.d.status')}
          testId="status-filter"
        />
      </div>
      <RecordList<BetRecord, BetRecordPage>
        queryKey={betKeys.list(f.filter)}
        fetchPage={(page, pageSize) => fetchBetRecords(page, pageSize, f.filter)}
        itemKey={(b) => b.betNo}
        testId={testId}
        top={(first) => <BetSummaryCard summary={first?.summary} />}
        empty={{
          icon: '🎱',
          title: t('bets.emptyTitle'),
          text: t('bets.emptyText'),
          action: emptyHomeLink ? (
            <Link className="btn btn-ghost btn-small" to={pathTo('home')}>
              {t('bets.emptyAction')}
            </Link>
          ) : undefined,
        }}
        renderItem={renderItem}
      />
    </>
  );
}

/** A bet row: links to the bet's details and carries `data-bet-no` and `data-status`. */
export function BetLink({ bet, children }: { bet: BetRecord; children: ReactNode }) {
  return (
    <Link
      className="rec bets-row"
      to={pathTo('touzhuDetails', { gameType: bet.gameType }, { betNo: bet.betNo })}
      data-bet-no={bet.betNo}
      data-status={bet.status}
    >
      {children}
    </Link>
  );
}

/** Summary of the filter: win/loss headline, count, stake, valid bet, payout. */
function BetSummaryCard({ summary }: { summary: BetSummary | undefined }) {
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
