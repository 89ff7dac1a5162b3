import { Link, useParams, useSearchParams } from 'react-router';
import { InfoState } from '../../components/ui/page-state';
import { RecordList } from '../../components/ui/record-list';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { betKeys, fetchBetRecords, type BetRecord, type BetRecordPage } from './api/bet-record-list';
import { BetDetails } from './bet-details';
import { BetRow } from './bet-row';
import { BetFilters, BetSummaryCard, isGameType, useBetFilter, type GameType } from './bets-ui';
import './i18n';

/**
 * /user/touzhuDetails/{gameType}: the bets of one game type (list with date and status filter),
 * and with `?betNo=` one bet's details.
 */
export default function TouzhuDetailsPage() {
  const { t } = useT();
  const { gameType } = useParams();
  const [params] = useSearchParams();
  const betNo = params.get('betNo');
  if (!isGameType(gameType)) return <InfoState icon="?" title={t('bets.unknownType')} />;
  if (betNo) {
    return (
      <div className="page bets">
        <BetDetails betNo={betNo} />
        <Link className="bets-rules-link" to={pathTo('touzhuDetails', { gameType })}>
          {t('bets.d.allOfType', { type: t(`bets.type.${gameType}`) })} ›
        </Link>
      </div>
    );
  }
  return <TypeList gameType={gameType} />;
}

function TypeList({ gameType }: { gameType: GameType }) {
  const { t } = useT();
  const f = useBetFilter(gameType);
  return (
    <div className="page bets">
      <BetFilters f={f} />
      <RecordList<BetRecord, BetRecordPage>
        queryKey={betKeys.list(f.filter)}
        fetchPage={(page, pageSize) => fetchBetRecords(page, pageSize, f.filter)}
        itemKey={(b) => b.betNo}
        testId="bet-records"
        top={(first) => <BetSummaryCard summary={first?.summary} />}
        empty={{ icon: '🎱', title: t('bets.emptyTitle'), text: t('bets.emptyText') }}
        renderItem={(b) => <BetRow bet={b} />}
      />
    </div>
  );
}
