import type { taiqiu } from '@breakshot/contracts';
import Popup from 'antd-mobile/es/components/popup';
import { useId } from 'react';
import { Link } from 'react-router';
import { SubmitButton } from '../../components/ui/form-field';
import { MoneyText } from '../../components/ui/money-text';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { formatOdds } from '../../lib/odds';
import { pathTo } from '../../lib/paths';
import { useCurrencySymbol } from '../../lib/sys-config';
import { quickStakes } from './bet-math';
import './i18n';
import { OddsTrendMark } from './odds';
import { useBetSlip, type PlacedBet, type SlipTarget } from './use-bet-slip';

export type { PlacedBet, SlipTarget };

interface SlipProps {
  /** The match as the page has it now (live updates included). */
  match: taiqiu.MatchDetails;
  target: SlipTarget | null;
  onClose: () => void;
  /** After a bet is accepted (the page closes the slip and refreshes). */
  onPlaced: (bet: PlacedBet) => void;
  /** Asks the page to reload the match (odds changed or market closed while confirming). */
  onReload: () => void;
}

/** The bet slip (bottom sheet): one selection, stake, potential return, confirm. */
export function BetSlip({ match, target, onClose, onPlaced, onReload }: SlipProps) {
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
          onReload={onReload}
        />
      )}
    </Popup>
  );
}

function SlipBody({ match, target, onClose, onPlaced, onReload }: SlipProps & { target: SlipTarget }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const inputId = useId();
  const slip = useBetSlip({ match, target, onPlaced, onReload });
  const { market, selection, state, limits, stake, stakeError, balance } = slip;
  if (!market || !selection) return null;
  const { odds, previous, phase } = state;
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
      <div className="sheet-head">
        <h2>{t('taiqiu.slip.title')}</h2>
        <button type="button" className="icon-btn" aria-label={t('common.cancel')} onClick={onClose}>
          ✕
        </button>
      </div>

      <div className="slip-pick">
        <div className="slip-pick-main">
          <div className="slip-market muted">
            {match.playerA.name} vs {match.playerB.name} · {market.name}
          </div>
          <div className="slip-selection" data-testid="slip-selection">
            {selection.name}
          </div>
        </div>
        <div className="slip-odds-box">
          <span className="muted small">{t('taiqiu.slip.odds')}</span>
          <span className="slip-odds" data-testid="slip-odds" data-odds={odds}>
            {formatOdds(odds)}
            <OddsTrendMark now={odds} before={previous} />
          </span>
          {previous !== null && previous !== odds && (
            <span className="slip-was muted small" data-testid="slip-was">
              {t('taiqiu.slip.was', { odds: formatOdds(previous) })}
            </span>
          )}
        </div>
      </div>

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

      <div className={`field${errorMsg ? ' field-invalid' : ''}`}>
        <label className="field-label slip-stake-label" htmlFor={inputId}>
          <span>{t('taiqiu.slip.stake')}</span>
          <span className="muted small" data-testid="slip-balance">
            {t('taiqiu.slip.balance')} {balance === null ? '—' : <MoneyText value={balance} />}{' '}
            <Link to={pathTo('chongzhi')} className="slip-deposit">
              {t('taiqiu.slip.deposit')}
            </Link>
          </span>
        </label>
        <div className="field-box">
          <span className="slip-currency">{symbol}</span>
          <input
            id={inputId}
            inputMode="decimal"
            autoComplete="off"
            value={state.typed}
            placeholder={t('taiqiu.slip.stakePh', {
              min: formatMoney(limits.minStake, symbol),
              max: formatMoney(limits.maxStake, symbol),
            })}
            onChange={(e) => slip.type(e.target.value)}
            aria-invalid={!!errorMsg}
            data-testid="slip-stake"
          />
        </div>
        {errorMsg && (
          <div className="field-error" role="alert" data-testid="slip-stake-error">
            {errorMsg}
          </div>
        )}
      </div>

      <div className="chip-row slip-chips">
        {quickStakes(limits).map((v) => (
          <button
            key={v}
            type="button"
            className={`chip${stake === v ? ' chip-active' : ''}`}
            onClick={() => slip.pick(v)}
            data-stake={v}
          >
            {formatMoney(v, symbol).replace(/\.00$/, '')}
          </button>
        ))}
        {slip.maxChip >= limits.minStake && (
          <button type="button" className="chip" onClick={() => slip.pick(slip.maxChip)} data-stake="max">
            {t('taiqiu.slip.max')}
          </button>
        )}
      </div>

      <div className="slip-return">
        <span>
          {t('taiqiu.slip.return')}
          <span className="muted small"> · {t('taiqiu.slip.returnHint')}</span>
        </span>
        <strong className="gold-text" data-testid="slip-return">
          {slip.potentialReturn === null ? '—' : formatMoney(slip.potentialReturn, symbol)}
        </strong>
      </div>

      <label className="slip-accept">
        <input
          type="checkbox"
          checked={state.accept}
          onChange={(e) => slip.setAccept(e.target.checked)}
          data-testid="slip-accept"
        />
        <span>{t('taiqiu.slip.accept')}</span>
      </label>

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
