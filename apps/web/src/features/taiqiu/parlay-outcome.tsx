import { Link } from 'react-router';
import { rejectedReasonKey } from '../../components/bets/bet-row';
import { MoneyText } from '../../components/ui/money-text';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { formatOdds } from '../../lib/odds';
import { pathTo } from '../../lib/paths';
import { useCurrencySymbol } from '../../lib/sys-config';
import { CountdownRing, useMsLeft } from './bet-slip';
import './parlay-i18n';
import type { ParlayPhase } from './use-parlay-slip';

type SentPhase = Extract<ParlayPhase, { kind: 'pending' | 'accepted' | 'rejected' }>;

/** The status box: 确认中 with its countdown, 投注成功, or 未接受 with why and the stake back. */
function Status({ phase }: { phase: SentPhase }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const left = useMsLeft(phase.kind === 'pending' ? phase.deadline : 0);
  const { slip } = phase;
  if (phase.kind === 'pending') {
    return (
      <div className="slip-status" role="status" aria-live="polite" data-testid="parlay-pending">
        <CountdownRing total={phase.deadline - phase.since} left={left} />
        <div className="slip-status-body">
          <div className="slip-status-title">
            <span className="slip-status-dot" aria-hidden="true" />
            {t('taiqiu.slip.pending.title')}
          </div>
          <div className="slip-status-text">
            {phase.checking
              ? t('taiqiu.slip.pending.checking')
              : left > 0
                ? t('taiqiu.parlay.pending.text', { n: Math.ceil(left / 1000) })
                : t('taiqiu.slip.pending.almost')}
          </div>
          <div className="slip-status-note muted small">{t('taiqiu.slip.pending.held')}</div>
        </div>
      </div>
    );
  }
  if (phase.kind === 'accepted') {
    return (
      <div className="slip-status" role="status" data-testid="parlay-accepted">
        <span className="slip-status-icon slip-status-ok" aria-hidden="true" />
        <div className="slip-status-body">
          <div className="slip-status-title">{t('taiqiu.slip.success')}</div>
          <div className="slip-status-text">
            {t('taiqiu.parlay.accepted.text', { system: slip.system, n: slip.combinations })}
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="slip-status" role="alert" data-testid="parlay-rejected">
      <span className="slip-status-icon slip-status-no" aria-hidden="true" />
      <div className="slip-status-body">
        <div className="slip-status-title">{t('taiqiu.slip.rejected.title')}</div>
        <div className="slip-status-text" data-testid="parlay-rejected-reason">
          {t(rejectedReasonKey(phase.reason))}
        </div>
        <div className="slip-status-note small">
          {t('taiqiu.slip.rejected.refund', { amount: formatMoney(slip.stake, symbol) })}
        </div>
      </div>
    </div>
  );
}

/** The parlay once sent: its status, its legs as the server took them, its stakes and number. */
export function ParlayOutcome({
  phase,
  onClose,
  onAgain,
  onDone,
}: {
  phase: SentPhase;
  onClose: () => void;
  onAgain: () => void;
  onDone: () => void;
}) {
  const { t } = useT();
  const { slip } = phase;
  return (
    <div
      className={`sheet-form slip slip-sent slip-${phase.kind} parlay`}
      data-testid="parlay-slip"
      data-phase={phase.kind}
      data-bet-no={slip.betNo}
    >
      <div className="sheet-head">
        <h2>{t('taiqiu.parlay.title')}</h2>
        <button type="button" className="icon-btn" aria-label={t('common.cancel')} onClick={onClose}>
          ✕
        </button>
      </div>
      <Status phase={phase} />
      <ul className="parlay-legs parlay-legs-sent">
        {slip.legs.map((leg) => (
          <li key={leg.matchId} className="parlay-leg" data-testid="parlay-sent-leg">
            <div className="parlay-leg-main">
              <div className="slip-market muted">
                {leg.gameName} · {leg.marketName}
              </div>
              <div className="parlay-leg-pick">{leg.selectionName}</div>
            </div>
            <span className="slip-odds parlay-sent-odds">{formatOdds(leg.odds)}</span>
          </li>
        ))}
      </ul>
      <dl className="slip-facts">
        <div>
          <dt>{t('taiqiu.parlay.system')}</dt>
          <dd data-testid="parlay-sent-system">{slip.system}</dd>
        </div>
        <div>
          <dt>{t('taiqiu.parlay.total')}</dt>
          <dd>
            <MoneyText value={slip.stake} />
          </dd>
        </div>
        <div>
          <dt>{t('taiqiu.parlay.return')}</dt>
          <dd className="gold-text" data-testid="parlay-sent-return">
            <MoneyText value={slip.potentialReturn} />
          </dd>
        </div>
      </dl>
      <div className="parlay-betno muted small">
        {t('taiqiu.slip.betNo')} <span className="mono">{slip.betNo}</span>
      </div>
      {phase.kind === 'pending' ? (
        <button type="button" className="btn btn-ghost btn-block" onClick={onClose} data-testid="parlay-hide">
          {t('taiqiu.slip.pending.hide')}
        </button>
      ) : (
        <div className="slip-actions">
          {phase.kind === 'accepted' ? (
            <Link
              className="btn btn-ghost"
              to={pathTo('touzhuDetails', { gameType: 'taiqiu' }, { betNo: slip.betNo })}
              onClick={onDone}
              data-testid="parlay-view"
            >
              {t('taiqiu.slip.view')}
            </Link>
          ) : (
            <button type="button" className="btn btn-ghost" onClick={onAgain} data-testid="parlay-again">
              {t('taiqiu.slip.again')}
            </button>
          )}
          <button type="button" className="btn btn-gold" onClick={onDone} data-testid="parlay-done">
            {t('taiqiu.slip.done')}
          </button>
        </div>
      )}
    </div>
  );
}
