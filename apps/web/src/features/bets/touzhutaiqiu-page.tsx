import { useParams } from 'react-router';
import { isGameType } from '../../components/bets/bet-list';
import { BET_TONE, BetResult, BetRowLink, rejectedReasonKey } from '../../components/bets/bet-row';
import { CashoutFigures } from '../../components/bets/cashout-figures';
import { MoneyText } from '../../components/ui/money-text';
import { InfoState } from '../../components/ui/page-state';
import { StatusChip } from '../../components/ui/status-chip';
import { useSiteTime } from '../../lib/time';
import { useT } from '../../lib/i18n';
import { formatOdds } from '../../lib/odds';
import type { BetRecord } from './api/bet-record-list';
import { betPath, PlayerBetList } from './bets-ui';
import { CashoutBoard } from '../../components/bets/cashout/cashout-board';
import { CashoutRow } from '../../components/bets/cashout/cashout-row';

/**
 * /user/touzhutaiqiu/{gameType}: billiards bets — match, market, selection, odds, stake,
 * potential or actual return, status, final score. A row opens the bet's details; an open bet
 * offers its cash-out (提前结算) at its live value.
 */
export default function TouzhutaiqiuPage() {
  const { t } = useT();
  const { gameType } = useParams();
  if (!isGameType(gameType)) return <InfoState icon="?" title={t('bets.unknownType')} />;
  return (
    <div className="page bets">
      <CashoutBoard>
        <PlayerBetList
          gameType={gameType}
          testId="taiqiu-bets"
          emptyHomeLink
          renderItem={(b) => (
            <CashoutRow bet={b}>
              <TaiqiuBetRow bet={b} />
            </CashoutRow>
          )}
        />
      </CashoutBoard>
    </div>
  );
}

function TaiqiuBetRow({ bet }: { bet: BetRecord }) {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  return (
    <BetRowLink bet={bet} to={betPath(bet)}>
      <div className="rec-top">
        <span className="rec-title bets-game">{bet.gameName}</span>
        <StatusChip tone={BET_TONE[bet.status]} live={bet.status === 'pending'}>
          {t(`bets.status.${bet.status}`)}
        </StatusChip>
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
          {bet.status === 'open' || bet.status === 'pending' ? (
            <>
              <em>{t('bets.t.return')}</em>
              <MoneyText value={bet.potentialReturn ?? 0} />
            </>
          ) : bet.status === 'rejected' ? (
            <>
              <em>{t('bets.t.refund')}</em>
              <MoneyText value={bet.stake} />
            </>
          ) : (
            <>
              <em>{t('bets.t.payout')}</em>
              <MoneyText value={bet.payout} />
            </>
          )}
        </span>
        <span>
          {bet.status === 'rejected' ? (
            <>
              <em>{t('bets.t.reason')}</em>
              <span className="bets-rejected" data-testid="bet-rejected-reason">
                {bet.rejectedReason ? t(rejectedReasonKey(bet.rejectedReason)) : '—'}
              </span>
            </>
          ) : (
            <>
              <em>{t('bets.result')}</em>
              {bet.status === 'pending' ? <span className="muted">—</span> : <BetResult bet={bet} />}
            </>
          )}
        </span>
      </div>
      <CashoutFigures bet={bet} />
      <div className="rec-bottom">
        <span className="mono">{bet.betNo}</span>
        <span>
          {bet.result ? `${t('bets.t.score')} ${bet.result} · ` : ''}
          {formatDateTime(bet.createdAt).slice(5, 16)}
        </span>
      </div>
    </BetRowLink>
  );
}
