import BillOutline from 'antd-mobile-icons/es/BillOutline';
import type { bets, GameType } from '@breakshot/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { DataOf } from '../../lib/http';
import { GAME_TYPES } from '../../lib/game-types';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { ChipFilter } from '../ui/chip-filter';
import { DateFilter, useDateRange } from '../ui/date-filter';
import { MoneyText } from '../ui/money-text';
import { RecordList } from '../ui/record-list';
import { SignedMoney } from '../ui/signed-money';
import './bets.css';
import './i18n';

type BetRecord = bets.BetRecord;
/** A page of bets with the summary of the whole filter (the player's own, or a member's). */
export type BetRecordPage = DataOf<typeof bets.betRecordList>;
export type BetSummary = BetRecordPage['summary'];
/** What the list calls take besides the page: game type, status, from/to as ISO instants. */
export interface BetFilter {
  gameType?: GameType;
  status?: StatusFilter;
  from: string;
  to: string;
}

export const isGameType = (v: string | undefined | null): v is GameType => GAME_TYPES.includes(v as GameType);

export type StatusFilter = 'open' | 'settled' | 'void';
const STATUS_FILTERS: readonly StatusFilter[] = ['open', 'settled', 'void'];

/** State of the filter bar: date range and status; `filter` is what the list call takes. */
function useBetFilter(gameType: GameType | undefined) {
  const { range, setRange, timeZone, instants } = useDateRange('month');
  const [status, setStatus] = useState<StatusFilter | undefined>(undefined);
  const filter: BetFilter = {
    ...(gameType ? { gameType } : {}),
    ...(status ? { status } : {}),
    from: instants.from,
    to: instants.to,
  };
  return { filter, range, setRange, timeZone, status, setStatus };
}

/**
 * The body of the bet record pages: date filter and status chips, the filter's summary, then the
 * bets (of `gameType`, or all) as rows. Whose bets: `queryKey` and `fetchPage` of the filter.
 */
export function BetList({
  gameType,
  queryKey,
  fetchPage,
  testId,
  emptyAction,
  renderItem,
}: {
  gameType: GameType | undefined;
  queryKey: (filter: BetFilter) => QueryKey;
  fetchPage: (page: number, pageSize: number, filter: BetFilter) => Promise<BetRecordPage>;
  testId: string;
  /** Under the empty state (e.g. a link to the lobby). */
  emptyAction?: ReactNode;
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
        queryKey={queryKey(f.filter)}
        fetchPage={(page, pageSize) => fetchPage(page, pageSize, f.filter)}
        itemKey={(b) => b.betNo}
        testId={testId}
        top={(first) => <BetSummaryCard summary={first?.summary} />}
        empty={{ icon: <BillOutline />, title: t('bets.emptyTitle'), text: t('bets.emptyText'), action: emptyAction }}
        renderItem={renderItem}
      />
    </>
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

/** The game type tabs above a bet list: 全部, then each game type (`data-game-type`). */
export function GameTypeTabs({
  value,
  onChange,
}: {
  value: GameType | undefined;
  onChange: (g: GameType | undefined) => void;
}) {
  const { t } = useT();
  return (
    <div className="bets-tabs" role="tablist" data-testid="game-tabs">
      {[undefined, ...GAME_TYPES].map((g) => (
        <button
          key={g ?? 'all'}
          type="button"
          role="tab"
          aria-selected={value === g}
          className={`bets-tab${value === g ? ' bets-tab-active' : ''}`}
          onClick={() => onChange(g)}
          data-game-type={g ?? 'all'}
        >
          {t(`bets.type.${g ?? 'all'}`)}
        </button>
      ))}
    </div>
  );
}
