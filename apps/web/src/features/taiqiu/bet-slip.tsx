import type { taiqiu } from '@breakshot/contracts';
import Popup from 'antd-mobile/es/components/popup';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { OddsChangeRow } from '../../components/bets/odds-change';
import { rejectedReasonKey } from '../../components/bets/bet-row';
import { SubmitButton } from '../../components/ui/form-field';
import { MoneyText } from '../../components/ui/money-text';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { formatOdds } from '../../lib/odds';
import { pathTo } from '../../lib/paths';
import { useCurrencySymbol } from '../../lib/sys-config';
import { potentialReturn } from './bet-math';
import './i18n';
import './slip-i18n';
import './slip.css';
import { OddsTrendMark } from './odds';
import { ParlayAdd } from './parlay-add';
import { StakeField } from './stake-field';
import { useBetSlip, type PlacedBet, type SlipPhase, type SlipTarget } from './use-bet-slip';

export type { PlacedBet, SlipTarget };

interface SlipProps {
  /** The match as the page has it now (live updates included). */
  match: taiqiu.MatchDetails;
  target: SlipTarget | null;
  onClose: () => void;
  /** After a bet is accepted at once (the page closes the slip and refreshes). */
  onPlaced: (bet: PlacedBet) => void;
  /** After a bet on a live match went pending: the slip stays open, counting down (the page refreshes). */
  onPending?: (bet: PlacedBet) => void;
  /** Asks the page to reload the match (odds changed or market closed while confirming; a pending bet's state). */
  onReload: () => void;
}

/**
 * The bet slip (bottom sheet): one selection, stake, potential return, confirm. A bet on a live
 * match is then pending (确认中, counting down to its acceptAt) until it is accepted (投注成功)
 * or not (未接受, why, the stake back).
 */
export function BetSlip({ match, target, onClose, onPlaced, onPending, onReload }: SlipProps) {
  return (
    <Popup
      visible={target !== null}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="sheet"
      destroyOnClose
    >
      {target && (
        <SlipBody
          key={`${target.marketId}-${target.selectionId}`}
          match={match}
          target={target}
          onClose={onClose}
          onPlaced={onPlaced}
          onPending={onPending}
          onReload={onReload}
        />
      )}
    </Popup>
  );
}

function SlipHead({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  return (
    <div className="sheet-head">
      <h2>{t('taiqiu.slip.title')}</h2>
      <button type="button" className="icon-btn" aria-label={t('common.cancel')} onClick={onClose}>
        ✕
      </button>
    </div>
  );
}

/** The pick: match, market, selection and its odds (with the odds before when they moved; struck when refused). */
function SlipPick({
  match,
  marketName,
  selectionName,
  odds,
  before,
  off = false,
}: {
  match: taiqiu.MatchDetails;
  marketName: string;
  selectionName: string;
  odds: number;
  before: number | null;
  off?: boolean;
}) {
  const { t } = useT();
  return (
    <div className="slip-pick">
      <div className="slip-pick-main">
        <div className="slip-market muted">
          {match.playerA.name} vs {match.playerB.name}
          {marketName && ` · ${marketName}`}
        </div>
        <div className="slip-selection" data-testid="slip-selection">
          {selectionName}
        </div>
      </div>
      <div className="slip-odds-box">
        <span className="muted small">{t('taiqiu.slip.odds')}</span>
        <span className={`slip-odds${off ? ' slip-odds-off' : ''}`} data-testid="slip-odds" data-odds={odds}>
          {formatOdds(odds)}
          <OddsTrendMark now={odds} before={before} />
        </span>
        {before !== null && before !== odds && (
          <span className="slip-was muted small" data-testid="slip-was">
            {t('taiqiu.slip.was', { odds: formatOdds(before) })}
          </span>
        )}
      </div>
    </div>
  );
}

function SlipBody({ match, target, onClose, onPlaced, onPending, onReload }: SlipProps & { target: SlipTarget }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const slip = useBetSlip({ match, target, onPlaced, onPending, onReload });
  const { market, selection, state, limits, stake, stakeError, balance } = slip;
  const { odds, previous, phase } = state;
  if (phase.kind === 'pending' || phase.kind === 'accepted' || phase.kind === 'rejected') {
    // The bet was sent: it shows even if its market has left the page meanwhile.
    return (
      <SlipOutcome
        match={match}
        marketName={market?.name ?? ''}
        selectionName={selection?.name ?? ''}
        phase={phase}
        onClose={onClose}
        onAgain={market && selection ? slip.again : null}
      />
    );
  }
  if (!market || !selection) return null;
  const errorMsg = stakeError
    ? t(`taiqiu.slip.err.${stakeError}`, {
        amount: formatMoney(stakeError === 'min' ? limits.minStake : limits.maxStake, symbol),
      })
    : null;

  return (
    <form
      className="sheet-form slip"
      data-testid="bet-slip"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void slip.submit();
      }}
    >
      <SlipHead onClose={onClose} />
      <SlipPick match={match} marketName={market.name} selectionName={selection.name} odds={odds} before={previous} />
      <ParlayAdd match={match} market={market} selection={selection} open={slip.open} onAdded={onClose} />

      {!slip.open && (
        <div className="slip-alert slip-alert-warn" role="alert" data-testid="slip-closed">
          {t(market.status === 'suspended' && !slip.ended ? 'taiqiu.slip.suspended' : 'taiqiu.slip.closed')}
        </div>
      )}
      {(phase.kind === 'oddsChanged' || phase.kind === 'failed') && (
        <div
          className="slip-alert"
          role="alert"
          data-testid="slip-notice"
          data-kind={phase.kind === 'oddsChanged' ? 'odds' : 'error'}
        >
          {phase.kind === 'oddsChanged'
            ? t('taiqiu.slip.oddsChanged', { from: formatOdds(phase.from), to: formatOdds(phase.to) })
            : phase.text}
        </div>
      )}

      <StakeField
        label={t('taiqiu.slip.stake')}
        testId="slip"
        typed={state.typed}
        chosen={stake}
        limits={limits}
        balance={balance}
        error={errorMsg}
        maxChip={slip.maxChip}
        onType={slip.type}
        onPick={slip.pick}
      />

      <div className="slip-return">
        <span>
          {t('taiqiu.slip.return')}
          <span className="muted small"> · {t('taiqiu.slip.returnHint')}</span>
        </span>
        <strong className="gold-text" data-testid="slip-return">
          {slip.potentialReturn === null ? '—' : formatMoney(slip.potentialReturn, symbol)}
        </strong>
      </div>

      <div className={`slip-options${match.status === 'live' ? ' slip-options-inplay' : ''}`}>
        <label className="slip-accept">
          <input
            type="checkbox"
            checked={state.accept}
            onChange={(e) => slip.setAccept(e.target.checked)}
            data-testid="slip-accept"
          />
          <span>{t('taiqiu.slip.accept')}</span>
        </label>
        {/* In-play bets wait a few seconds before they are taken: what they take if the odds move meanwhile. */}
        {match.status === 'live' && <OddsChangeRow />}
      </div>

      <SubmitButton
        busy={slip.busy}
        disabled={!slip.open}
        label={t('taiqiu.slip.confirm')}
        busyLabel={t('taiqiu.slip.submitting')}
        testId="slip-confirm"
      />
    </form>
  );
}

type SentPhase = Extract<SlipPhase, { kind: 'pending' | 'accepted' | 'rejected' }>;

/** Milliseconds left until `deadline`, ticking four times a second. */
export function useMsLeft(deadline: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return Math.max(0, deadline - now);
}

/** The ring of a pending bet's countdown: it empties as acceptAt comes, the seconds left inside. */
export function CountdownRing({ total, left }: { total: number; left: number }) {
  const r = 26;
  const length = 2 * Math.PI * r;
  const share = total > 0 ? left / total : 0;
  return (
    <div className="slip-ring" aria-hidden="true">
      <svg viewBox="0 0 64 64" width="64" height="64">
        <circle className="slip-ring-track" cx="32" cy="32" r={r} />
        <circle
          className="slip-ring-bar"
          cx="32"
          cy="32"
          r={r}
          strokeDasharray={length}
          strokeDashoffset={length * (1 - share)}
        />
      </svg>
      <span className="slip-ring-n" data-testid="slip-countdown">
        {Math.ceil(left / 1000)}
      </span>
    </div>
  );
}

/** The pick as it was sent, its stake and return, and the bet number. */
function SentFacts({ stake, odds, betNo }: { stake: number; odds: number; betNo: string }) {
  const { t } = useT();
  return (
    <dl className="slip-facts">
      <div>
        <dt>{t('taiqiu.slip.stake')}</dt>
        <dd>
          <MoneyText value={stake} />
        </dd>
      </div>
      <div>
        <dt>{t('taiqiu.slip.return')}</dt>
        <dd className="gold-text" data-testid="slip-sent-return">
          <MoneyText value={potentialReturn(stake, odds)} />
        </dd>
      </div>
      <div>
        <dt>{t('taiqiu.slip.betNo')}</dt>
        <dd className="mono">{betNo}</dd>
      </div>
    </dl>
  );
}

/**
 * The slip once the bet was sent on a live match: 确认中 with its countdown, then 投注成功 (at
 * what odds, said when they moved) or 未接受 (why; the stake is back).
 */
function SlipOutcome({
  match,
  marketName,
  selectionName,
  phase,
  onClose,
  onAgain,
}: {
  match: taiqiu.MatchDetails;
  marketName: string;
  selectionName: string;
  phase: SentPhase;
  onClose: () => void;
  /** Back to the stake (null when the market is no longer on the page). */
  onAgain: (() => void) | null;
}) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const { bet } = phase;
  const left = useMsLeft(phase.kind === 'pending' ? phase.deadline : 0);
  const odds = phase.kind === 'accepted' ? phase.odds : bet.odds;
  const moved = phase.kind === 'accepted' && phase.odds !== bet.odds;
  return (
    <div
      className={`sheet-form slip slip-sent slip-${phase.kind}`}
      data-testid="bet-slip"
      data-phase={phase.kind}
      data-bet-no={bet.betNo}
    >
      <SlipHead onClose={onClose} />
      <SlipPick
        match={match}
        marketName={marketName}
        selectionName={selectionName}
        odds={odds}
        before={moved ? bet.odds : null}
        off={phase.kind === 'rejected'}
      />

      {phase.kind === 'pending' && (
        <div className="slip-status" role="status" aria-live="polite" data-testid="slip-pending">
          <CountdownRing total={phase.deadline - phase.since} left={left} />
          <div className="slip-status-body">
            <div className="slip-status-title">
              <span className="slip-status-dot" aria-hidden="true" />
              {t('taiqiu.slip.pending.title')}
            </div>
            <div className="slip-status-text" data-testid="slip-pending-text">
              {phase.checking
                ? t('taiqiu.slip.pending.checking')
                : left > 0
                  ? t('taiqiu.slip.pending.text', { n: Math.ceil(left / 1000) })
                  : t('taiqiu.slip.pending.almost')}
            </div>
            <div className="slip-status-note muted small">{t('taiqiu.slip.pending.held')}</div>
          </div>
        </div>
      )}
      {phase.kind === 'accepted' && (
        <div className="slip-status" role="status" data-testid="slip-accepted">
          <span className="slip-status-icon slip-status-ok" aria-hidden="true" />
          <div className="slip-status-body">
            <div className="slip-status-title">{t('taiqiu.slip.success')}</div>
            <div className="slip-status-text" data-testid="slip-accepted-text">
              {moved
                ? t('taiqiu.slip.accepted.moved', { from: formatOdds(bet.odds), to: formatOdds(phase.odds) })
                : t('taiqiu.slip.accepted.text', { odds: formatOdds(phase.odds) })}
            </div>
          </div>
        </div>
      )}
      {phase.kind === 'rejected' && (
        <div className="slip-status" role="alert" data-testid="slip-rejected">
          <span className="slip-status-icon slip-status-no" aria-hidden="true" />
          <div className="slip-status-body">
            <div className="slip-status-title">{t('taiqiu.slip.rejected.title')}</div>
            <div className="slip-status-text" data-testid="slip-rejected-reason">
              {t(rejectedReasonKey(phase.reason))}
            </div>
            <div className="slip-status-note small" data-testid="slip-refunded">
              {t('taiqiu.slip.rejected.refund', { amount: formatMoney(bet.stake, symbol) })}
            </div>
          </div>
        </div>
      )}

      <SentFacts stake={bet.stake} odds={odds} betNo={bet.betNo} />

      {phase.kind === 'pending' ? (
        <button type="button" className="btn btn-ghost btn-block" onClick={onClose} data-testid="slip-hide">
          {t('taiqiu.slip.pending.hide')}
        </button>
      ) : (
        <div className="slip-actions">
          {phase.kind === 'accepted' ? (
            <Link
              className="btn btn-ghost"
              to={pathTo('touzhuDetails', { gameType: 'taiqiu' }, { betNo: bet.betNo })}
              data-testid="slip-view"
            >
              {t('taiqiu.slip.view')}
            </Link>
          ) : (
            onAgain && (
              <button type="button" className="btn btn-ghost" onClick={onAgain} data-testid="slip-again">
                {t('taiqiu.slip.again')}
              </button>
            )
          )}
          <button type="button" className="btn btn-gold" onClick={onClose} data-testid="slip-done">
            {t('taiqiu.slip.done')}
          </button>
        </div>
      )}
    </div>
  );
}
