import { useEffect } from 'react';
import { useT } from '../../../lib/i18n';
import { formatMoney } from '../../../lib/money';
import { useCurrencySymbol } from '../../../lib/sys-config';
import { useCashoutBoard } from './cashout-board';
import './cashout-i18n';
import './cashout.css';

/**
 * Under an open billiards bet's row: 提前结算 ¥value, opening the cash-out sheet; disabled with
 * why when the bet cannot be cashed out now; its automatic cash-out when one is set. Nothing once
 * the values leave the bet out (no longer open).
 */
export function CashoutButton({ betNo }: { betNo: string }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const { values, register, open } = useCashoutBoard();
  useEffect(() => register(betNo), [register, betNo]);
  const v = values.byBetNo.get(betNo);
  if (!v && values.loaded) return null;
  const reason = v ? (v.unavailable ?? (v.value === null ? 'none' : null)) : null;
  const ready = v !== undefined && reason === null && v.value !== null;
  return (
    <div className="cashout-bar" data-testid="cashout-bar" data-cashout-of={betNo} data-unavailable={reason ?? ''}>
      {v?.autoAt != null && (
        <span className="cashout-auto-badge" data-testid="cashout-auto-badge">
          {t('cashout.autoBadge', { amount: formatMoney(v.autoAt, symbol) })}
        </span>
      )}
      <button
        type="button"
        className={`cashout-btn${reason ? ' cashout-btn-off' : ''}`}
        disabled={!ready}
        aria-busy={!v && !values.failed}
        onClick={() => open(betNo)}
        data-testid="cashout-button"
      >
        {ready
          ? t('cashout.button', { value: formatMoney(v.value!, symbol) })
          : reason
            ? t(`cashout.unavailable.${reason}`)
            : t('cashout.buttonLoading')}
      </button>
    </div>
  );
}
