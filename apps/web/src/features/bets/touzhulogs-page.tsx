import { useState } from 'react';
import { Link } from 'react-router';
import { RecordList } from '../../components/ui/record-list';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { betKeys, fetchBetRecords, type BetRecord, type BetRecordPage } from './api/bet-record-list';
import { BetRow } from './bet-row';
import { BetFilters, BetSummaryCard, GAME_TYPES, useBetFilter, type GameType } from './bets-ui';
import './i18n';

/** /user/touzhulogs: every bet, by game type tab, date and status, with the filter's summary. */
export default function TouzhulogsPage() {
  const { t } = useT();
  const [tab, setTab] = useState<GameType | undefined>(undefined);
  const f = useBetFilter(tab);
  return (
    <div className="page bets">
      <div className="bets-tabs" role="tablist" data-testid="game-tabs">
        {[undefined, ...GAME_TYPES].map((g) => (
          <button
            key={g ?? 'all'}
            type="button"
            role="tab"
            aria-selected={tab === g}
            className={`bets-tab${tab === g ? ' bets-tab-active' : ''}`}
            onClick={() => setTab(g)}
            data-game-type={g ?? 'all'}
          >
            {t(`bets.type.${g ?? 'all'}`)}
          </button>
        ))}
      </div>
      <BetFilters f={f} />
      <RecordList<BetRecord, BetRecordPage>
        queryKey={betKeys.list(f.filter)}
        fetchPage={(page, pageSize) => fetchBetRecords(page, pageSize, f.filter)}
        itemKey={(b) => b.betNo}
        testId="bet-records"
        top={(first) => <BetSummaryCard summary={first?.summary} />}
        empty={{
          icon: '🎱',
          title: t('bets.emptyTitle'),
          text: t('bets.emptyText'),
          action: (
            <Link className="btn btn-ghost btn-small" to={pathTo('home')}>
              {t('bets.emptyAction')}
            </Link>
          ),
        }}
        renderItem={(b) => <BetRow bet={b} />}
      />
    </div>
  );
}
