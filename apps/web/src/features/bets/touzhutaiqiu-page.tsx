import { Link, useParams } from 'react-router';
import { MoneyText } from '../../components/ui/money-text';
import { InfoState } from '../../components/ui/page-state';
import { RecordList } from '../../components/ui/record-list';
import { StatusChip } from '../../components/ui/status-chip';
import { formatDateTime } from '../../components/ui/timeline';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { betKeys, fetchBetRecords, type BetRecord, type BetRecordPage } from './api/bet-record-list';
import { BET_TONE, BetFilters, BetResult, BetSummaryCard, formatOdds, isGameType, useBetFilter } from './bets-ui';
import './i18n';

/**
 * /user/touzhutaiqiu/{gameType}: billiards bets — match, market, selection, odds, stake,
 * potential or actual return, status, final score. A row opens the bet's details.
 */
export default function TouzhutaiqiuPage() {
  const { t } = useT();
  const { gameType } = useParams();
  const type = isGameType(gameType) ? gameType : null;
  const f = useBetFilter(type ?? 'taiqiu');
  if (!type) return <InfoState icon="?" title={t('bets.unknownType')} />;
  return (
    <div className="page bets">
      <BetFilters f={f} />
      <RecordList<BetRecord, BetRecordPage>
        queryKey={betKeys.list(f.filter)}
        fetchPage={(page, pageSize) => fetchBetRecords(page, pageSize, f.filter)}
        itemKey={(b) => b.betNo}
        testId="taiqiu-bets"
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
        renderItem={(b) => <TaiqiuBetRow bet={b} />}
      />
    </div>
  );
}

function TaiqiuBetRow({ bet }: { bet: BetRecord }) {
  const { t } = useT();
  return (
    <Link
      className="rec bets-row"
      to={pathTo('touzhuDetails', { gameType: bet.gameType }, { betNo: bet.betNo })}
      data-bet-no={bet.betNo}
      data-status={bet.status}
    >
      <div className="rec-top">
        <span className="rec-title bets-game">{bet.gameName}</span>
        <StatusChip tone={BET_TONE[bet.status]}>{t(`bets.status.${bet.status}`)}</StatusChip>
      </div>
      <div className="bets-pick-line">
        <span className="muted">{bet.marketName}</span>
        <strong>{bet.selectionName}</strong>
        {bet.odds !== null && <span className="gold-text">@ {formatOdds(bet.odds)}</span>}
      </div>
      <div className="bets-grid3">
        <span>
          <em>{t('bets.stake')}</em>
          <MoneyText value={bet.stake} />
        </span>
        <span>
          {bet.status === 'open' ? (
            <>
              <em>{t('bets.t.return')}</em>
              <MoneyText value={bet.potentialReturn ?? 0} />
            </>
          ) : (
            <>
              <em>{t('bets.t.payout')}</em>
              <MoneyText value={bet.payout} />
            </>
          )}
        </span>
        <span>
          <em>{t('bets.result')}</em>
          <BetResult bet={bet} />
        </span>
      </div>
      <div className="rec-bottom">
        <span className="mono">{bet.betNo}</span>
        <span>
          {bet.result ? `${t('bets.t.score')} ${bet.result} · ` : ''}
          {formatDateTime(bet.createdAt).slice(5, 16)}
        </span>
      </div>
    </Link>
  );
}
