import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { cleanAmountTyping, parseAmountInput } from '../../../lib/amount';
import { useT } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { useCurrencySymbol } from '../../../lib/sys-config';
import { errorText } from '../../../lib/toast';
import { postAutoCashout, type CashoutValue } from './api';

/**
 * 自动提前结算: the amount at which the server cashes the whole bet out by itself, as set now
 * (from the bet's values), set to a new amount or cleared.
 */
export function AutoCashout({
  betNo,
  autoAt,
  onSaved,
}: {
  betNo: string;
  autoAt: number | null;
  /** The bet's value as the server answered it, its autoAt as now set: the page's values take it. */
  onSaved: (value: CashoutValue) => void;
}) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  const save = useMutation({
    mutationFn: (at: number | null) => postAutoCashout(betNo, at),
    onSuccess: (value) => {
      setTyped('');
      onSaved(value);
    },
  });
  const current = autoAt;
  const set = () => {
    const at = parseAmountInput(typed);
    if (at === null || at <= 0) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    save.mutate(at);
  };
  const message = invalid ? t('cashout.auto.err') : save.isError ? errorText(save.error) : null;
  return (
    <section className="cashout-auto" data-testid="cashout-auto" data-auto-at={current ?? ''}>
      <div className="cashout-auto-head">
        <span className="cashout-label">{t('cashout.auto.title')}</span>
        <span className="small" data-testid="cashout-auto-current">
          {current === null
            ? t('cashout.auto.none')
            : t('cashout.auto.current', { amount: formatMoney(current, symbol) })}
        </span>
      </div>
      <div className="muted small cashout-auto-hint">{t('cashout.auto.hint')}</div>
      <div className={`field cashout-auto-row${message ? ' field-invalid' : ''}`}>
        <div className="field-box">
          <span className="cashout-currency">{symbol}</span>
          <input
            id={inputId}
            aria-label={t('cashout.auto.label')}
            inputMode="decimal"
            autoComplete="off"
            value={typed}
            placeholder={t('cashout.auto.ph')}
            onChange={(e) => {
              setTyped(cleanAmountTyping(e.target.value));
              setInvalid(false);
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter') set();
            }}
            aria-invalid={!!message}
            data-testid="cashout-auto-amount"
          />
        </div>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={set}
          disabled={save.isPending}
          data-testid="cashout-auto-set"
        >
          {t('cashout.auto.set')}
        </button>
        {current !== null && (
          <button
            type="button"
            className="btn btn-ghost btn-small cashout-auto-clear"
            onClick={() => save.mutate(null)}
            disabled={save.isPending}
            data-testid="cashout-auto-clear"
          >
            {t('cashout.auto.clear')}
          </button>
        )}
      </div>
      {message && (
        <div className="field-error" role="alert" data-testid="cashout-auto-error">
          {message}
        </div>
      )}
    </section>
  );
}
