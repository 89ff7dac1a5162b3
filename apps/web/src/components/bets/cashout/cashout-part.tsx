import { SubmitButton } from '../../ui/form-field';
import { MoneyText } from '../../ui/money-text';
import { useT } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { useCurrencySymbol } from '../../../lib/sys-config';
import { percentPart, QUICK_PERCENTS } from './cashout-math';
import type { PartMode } from './cashout-state';
import type { CashoutSheetModel } from './use-cashout-sheet';

const MODES: readonly PartMode[] = ['all', 'part'];

/**
 * A quote offered: the running stake and what it all cashes out for, the part chosen (全部, or
 * 部分: 25% / 50% / 75% or an amount), what that part gets, the quote's countdown (重新报价 once
 * it has expired), a refusal or a new amount, and confirm.
 */
export function CashoutPart({ sheet }: { sheet: CashoutSheetModel }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const quote = sheet.quote!;
  const { state } = sheet;
  const { phase } = state;
  const partMessage = sheet.partError
    ? t(`cashout.err.${sheet.partError}`, { max: formatMoney(quote.runningStake, symbol) })
    : null;
  const rest = sheet.part !== null && sheet.value !== null ? quote.runningStake - sheet.part : 0;
  return (
    <form
      className="cashout-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void sheet.submit();
      }}
    >
      <dl className="cashout-facts">
        <div>
          <dt>{t('cashout.running')}</dt>
          <dd data-testid="cashout-running">
            <MoneyText value={quote.runningStake} />
          </dd>
        </div>
        <div>
          <dt>{t('cashout.valueAll')}</dt>
          <dd className="gold-text" data-testid="cashout-quote-value">
            <MoneyText value={quote.value} />
          </dd>
        </div>
      </dl>

      <div className="cashout-label">{t('cashout.part')}</div>
      <div className="chip-row" role="radiogroup" aria-label={t('cashout.part')}>
        {MODES.map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={state.mode === m}
            className={`chip chip-lg${state.mode === m ? ' chip-active' : ''}`}
            onClick={() => sheet.setMode(m)}
            data-testid={`cashout-mode-${m}`}
          >
            {t(m === 'all' ? 'cashout.all' : 'cashout.partial')}
          </button>
        ))}
      </div>
      {state.mode === 'part' && (
        <div className="cashout-partial">
          <div className="chip-row cashout-percents">
            {QUICK_PERCENTS.map((p) => {
              const minor = percentPart(quote.runningStake, p);
              return (
                <button
                  key={p}
                  type="button"
                  className={`chip${sheet.part === minor ? ' chip-active' : ''}`}
                  onClick={() => sheet.pick(minor)}
                  disabled={minor <= 0}
                  data-percent={p}
                >
                  {t('cashout.percent', { n: p })}
                </button>
              );
            })}
          </div>
          <div className={`field${partMessage ? ' field-invalid' : ''}`}>
            <div className="field-box">
              <span className="cashout-currency">{symbol}</span>
              <input
                aria-label={t('cashout.part')}
                inputMode="decimal"
                autoComplete="off"
                value={state.typed}
                placeholder={t('cashout.partPh', { max: formatMoney(quote.runningStake, symbol) })}
                onChange={(e) => sheet.type(e.target.value)}
                aria-invalid={!!partMessage}
                data-testid="cashout-amount"
              />
            </div>
            {partMessage && (
              <div className="field-error" role="alert" data-testid="cashout-amount-error">
                {partMessage}
              </div>
            )}
          </div>
        </div>
      )}

      <div className="cashout-get">
        <span>{t('cashout.youGet')}</span>
        <strong className="gold-text" data-testid="cashout-value">
          {sheet.value === null ? '—' : formatMoney(sheet.value, symbol)}
        </strong>
      </div>
      {rest > 0 && (
        <div className="cashout-rest muted small" data-testid="cashout-rest">
          {t('cashout.keepsRunning', { amount: formatMoney(rest, symbol) })}
        </div>
      )}

      <div className={`cashout-timer${sheet.expired ? ' cashout-timer-off' : ''}`} data-testid="cashout-timer">
        {sheet.expired ? (
          <>
            <span>{t('cashout.expired')}</span>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={sheet.requote}
              disabled={phase.kind === 'quoting'}
              data-testid="cashout-requote"
            >
              {t('cashout.requote')}
            </button>
          </>
        ) : (
          <span>{t('cashout.expiresIn', { n: sheet.secondsLeft })}</span>
        )}
      </div>

      {state.requoted && (
        <div className="cashout-alert" role="alert" data-testid="cashout-requoted">
          {t('cashout.requoted', { value: formatMoney(sheet.value ?? quote.value, symbol) })}
        </div>
      )}
      {phase.kind === 'refused' && (
        <div className="cashout-alert" role="alert" data-testid="cashout-refused">
          {phase.text}
        </div>
      )}

      <SubmitButton
        busy={sheet.busy}
        disabled={sheet.expired || phase.kind === 'quoting'}
        label={t('cashout.confirm')}
        busyLabel={t('cashout.sending')}
        testId="cashout-confirm"
      />
    </form>
  );
}
