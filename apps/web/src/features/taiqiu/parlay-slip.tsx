import Popup from 'antd-mobile/es/components/popup';
import { SubmitButton } from '../../components/ui/form-field';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { formatOdds } from '../../lib/odds';
import { useCurrencySymbol } from '../../lib/sys-config';
import './i18n';
import { ParlayOutcome } from './parlay-outcome';
import { StakeField } from './stake-field';
import { useParlay, type ParlayPick } from './parlay-store';
import './parlay-i18n';
import './parlay.css';
import './slip-i18n';
import './slip.css';
import type { ParlayPhase, ParlaySlipModel } from './use-parlay-slip';

/** The parlay slip (bottom sheet): its legs, the system, the unit stake, the figures, confirm; then its outcome. */
export function ParlaySheet({
  visible,
  slip,
  onClose,
}: {
  visible: boolean;
  slip: ParlaySlipModel;
  onClose: () => void;
}) {
  const { phase } = slip.state;
  const sent = phase.kind === 'pending' || phase.kind === 'accepted' || phase.kind === 'rejected';
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} position="bottom" bodyClassName="sheet">
      {visible &&
        (sent ? (
          <ParlayOutcome
            phase={phase}
            onClose={onClose}
            onAgain={slip.again}
            onDone={() => {
              slip.done();
              onClose();
            }}
          />
        ) : (
          <ParlayForm slip={slip} onClose={onClose} />
        ))}
    </Popup>
  );
}

function ParlayHead({ count, onClose }: { count: number; onClose: () => void }) {
  const { t } = useT();
  return (
    <div className="sheet-head">
      <h2 className="parlay-title">
        {t('taiqiu.parlay.title')}
        {count > 0 && <span className="parlay-count">{count}</span>}
      </h2>
      <span className="parlay-head-actions">
        {count > 0 && (
          <button
            type="button"
            className="parlay-clear"
            onClick={() => useParlay.getState().clear()}
            data-testid="parlay-clear"
          >
            {t('taiqiu.parlay.clear')}
          </button>
        )}
        <button type="button" className="icon-btn" aria-label={t('common.cancel')} onClick={onClose}>
          ✕
        </button>
      </span>
    </div>
  );
}

/** One leg: match, market, pick and odds (the odds before when the server moved them), its refusal, remove. */
function LegRow({ leg, index, phase }: { leg: ParlayPick; index: number; phase: ParlayPhase }) {
  const { t } = useT();
  const moved = phase.kind === 'oddsChanged' && phase.leg === index ? phase : null;
  const refusal = phase.kind === 'refused' && phase.at === index ? phase.text : null;
  return (
    <li
      className={`parlay-leg${moved || refusal ? ' parlay-leg-flag' : ''}`}
      data-testid="parlay-leg"
      data-match-id={leg.matchId}
    >
      <div className="parlay-leg-main">
        <div className="slip-market muted">
          {leg.gameName} · {leg.marketName}
        </div>
        <div className="parlay-leg-pick">{leg.selectionName}</div>
        {(moved || refusal) && (
          <div className="parlay-leg-note" role="alert" data-testid="parlay-leg-error">
            {moved
              ? t('taiqiu.parlay.oddsChanged', { from: formatOdds(moved.from), to: formatOdds(moved.to) })
              : refusal}
          </div>
        )}
      </div>
      <div className="parlay-leg-odds">
        <span className="slip-odds" data-testid="parlay-leg-odds" data-odds={leg.odds}>
          {formatOdds(leg.odds)}
        </span>
        {moved && <span className="muted small">{t('taiqiu.parlay.was', { odds: formatOdds(moved.from) })}</span>}
      </div>
      <button
        type="button"
        className="parlay-leg-remove"
        aria-label={t('taiqiu.parlay.remove', { name: leg.selectionName })}
        onClick={() => useParlay.getState().remove(leg.matchId)}
        data-testid="parlay-leg-remove"
      >
        ✕
      </button>
    </li>
  );
}

/** The systems of the slip's legs (N串1 first), one chosen. */
function SystemChooser({ slip }: { slip: ParlaySlipModel }) {
  const { t } = useT();
  const current = slip.sizes?.join(',');
  return (
    <div className="parlay-block">
      <div className="parlay-label">{t('taiqiu.parlay.system')}</div>
      <div className="chip-row parlay-systems" role="radiogroup" aria-label={t('taiqiu.parlay.system')}>
        {slip.systems.map((s) => {
          const on = s.sizes.join(',') === current;
          return (
            <button
              key={s.name}
              type="button"
              role="radio"
              aria-checked={on}
              className={`chip chip-lg${on ? ' chip-active' : ''}`}
              onClick={() => slip.choose(s.sizes)}
              data-testid="parlay-system"
              data-system={s.name}
            >
              {s.name}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** The unit stake: input with the balance, its error (or the server's refusal of it), quick stakes. */
function UnitStake({ slip }: { slip: ParlaySlipModel }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const { limits, unitError, state } = slip;
  const refusal = state.phase.kind === 'refused' && state.phase.at === 'stake' ? state.phase.text : null;
  const message = unitError
    ? unitError === 'maxReturn'
      ? t('taiqiu.parlay.err.maxReturn', { amount: formatMoney(slip.maxReturn ?? 0, symbol) })
      : unitError === 'balance'
        ? t('taiqiu.parlay.err.balance', { amount: formatMoney(slip.totalStake ?? 0, symbol) })
        : t(`taiqiu.slip.err.${unitError}`, {
            amount: formatMoney(unitError === 'min' ? limits.minStake : limits.maxStake, symbol),
          })
    : refusal;
  return (
    <StakeField
      label={t('taiqiu.parlay.unit')}
      testId="parlay"
      typed={state.typed}
      chosen={slip.unit}
      limits={limits}
      balance={slip.balance}
      error={message}
      onType={slip.type}
      onPick={slip.pick}
    />
  );
}

/** Combinations, total stake (unit × combinations), potential return, and the rules' max return. */
function Figures({ slip }: { slip: ParlaySlipModel }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v, symbol));
  return (
    <div className="parlay-figures">
      <dl>
        <div>
          <dt>{t('taiqiu.parlay.combos')}</dt>
          <dd data-testid="parlay-combos" data-n={slip.combinations}>
            {t('taiqiu.parlay.combosN', { n: slip.combinations })}
          </dd>
        </div>
        <div>
          <dt>{t('taiqiu.parlay.total')}</dt>
          <dd data-testid="parlay-total">{money(slip.totalStake)}</dd>
        </div>
        <div>
          <dt>{t('taiqiu.parlay.return')}</dt>
          <dd className="gold-text" data-testid="parlay-return">
            {money(slip.potentialReturn)}
          </dd>
        </div>
      </dl>
      {slip.maxReturn !== null && (
        <div className="parlay-limit muted small" data-testid="parlay-max-return">
          {t('taiqiu.parlay.maxReturn', { amount: formatMoney(slip.maxReturn, symbol) })}
          <span> · {t('taiqiu.slip.returnHint')}</span>
        </div>
      )}
    </div>
  );
}

function ParlayForm({ slip, onClose }: { slip: ParlaySlipModel; onClose: () => void }) {
  const { t } = useT();
  const { legs, rules, state } = slip;
  const { phase } = state;
  const head = <ParlayHead count={legs.length} onClose={onClose} />;
  if (legs.length === 0) {
    return (
      <div className="sheet-form slip parlay" data-testid="parlay-slip" data-phase="empty">
        {head}
        <div className="parlay-empty" data-testid="parlay-empty">
          <div className="parlay-empty-mark" aria-hidden="true">
            2+
          </div>
          <div className="parlay-empty-title">{t('taiqiu.parlay.empty')}</div>
          <div className="muted small">{t('taiqiu.parlay.emptyHint')}</div>
        </div>
      </div>
    );
  }
  const short = legs.length < 2;
  return (
    <form
      className="sheet-form slip parlay"
      data-testid="parlay-slip"
      data-phase={phase.kind}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void slip.submit();
      }}
    >
      {head}
      <ul className="parlay-legs">
        {legs.map((leg, i) => (
          <LegRow key={leg.matchId} leg={leg} index={i} phase={phase} />
        ))}
      </ul>
      {rules.isPending ? (
        <div className="parlay-loading muted small" data-testid="parlay-loading">
          {t('taiqiu.parlay.loading')}
        </div>
      ) : rules.isError ? (
        <div className="slip-alert" role="alert" data-testid="parlay-rules-error">
          {t('taiqiu.parlay.rulesError')}{' '}
          <button type="button" className="parlay-retry" onClick={() => void rules.refetch()}>
            {t('taiqiu.parlay.retry')}
          </button>
        </div>
      ) : (
        <>
          {!short && <SystemChooser slip={slip} />}
          <UnitStake slip={slip} />
          <Figures slip={slip} />
        </>
      )}
      {phase.kind === 'refused' && phase.at === 'slip' && (
        <div className="slip-alert" role="alert" data-testid="parlay-notice">
          {phase.text}
        </div>
      )}
      <label className="slip-accept">
        <input
          type="checkbox"
          checked={state.accept}
          onChange={(e) => slip.setAccept(e.target.checked)}
          data-testid="parlay-accept"
        />
        <span>{t('taiqiu.slip.accept')}</span>
      </label>
      {short && (
        <div className="parlay-why muted small" data-testid="parlay-need-more">
          {t('taiqiu.parlay.needMore', { n: 2 - legs.length })}
        </div>
      )}
      <SubmitButton
        busy={slip.busy}
        disabled={short || !rules.isSuccess}
        label={t('taiqiu.slip.confirm')}
        busyLabel={t('taiqiu.slip.submitting')}
        testId="parlay-confirm"
      />
    </form>
  );
}
