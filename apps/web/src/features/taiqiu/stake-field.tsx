import { useId } from 'react';
import { Link } from 'react-router';
import { MoneyText } from '../../components/ui/money-text';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { useCurrencySymbol } from '../../lib/sys-config';
import { quickStakes } from './bet-math';
import './slip-i18n';

/**
 * A slip's stake: its label with the balance and 充值, the amount typed in the currency (the
 * limits as its placeholder), the error under it, then the quick stakes (and 最大 when `maxChip`
 * is given). `testId` names its parts: `<testId>-stake`, `-balance`, `-stake-error`.
 */
export function StakeField({
  label,
  testId,
  typed,
  chosen,
  limits,
  balance,
  error,
  maxChip,
  onType,
  onPick,
}: {
  label: string;
  testId: string;
  typed: string;
  /** The stake the typed amount comes to (its quick stake is marked), if any. */
  chosen: number | null;
  limits: { minStake: number; maxStake: number };
  balance: number | null;
  error: string | null;
  maxChip?: number;
  onType: (typed: string) => void;
  onPick: (stake: number) => void;
}) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const inputId = useId();
  return (
    <>
      <div className={`field${error ? ' field-invalid' : ''}`}>
        <label className="field-label slip-stake-label" htmlFor={inputId}>
          <span>{label}</span>
          <span className="muted small" data-testid={`${testId}-balance`}>
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
            value={typed}
            placeholder={t('taiqiu.slip.stakePh', {
              min: formatMoney(limits.minStake, symbol),
              max: formatMoney(limits.maxStake, symbol),
            })}
            onChange={(e) => onType(e.target.value)}
            aria-invalid={!!error}
            data-testid={`${testId}-stake`}
          />
        </div>
        {error && (
          <div className="field-error" role="alert" data-testid={`${testId}-stake-error`}>
            {error}
          </div>
        )}
      </div>
      <div className="chip-row slip-chips">
        {quickStakes(limits).map((v) => (
          <button
            key={v}
            type="button"
            className={`chip${chosen === v ? ' chip-active' : ''}`}
            onClick={() => onPick(v)}
            data-stake={v}
          >
            {formatMoney(v, symbol).replace(/\.00$/, '')}
          </button>
        ))}
        {maxChip !== undefined && maxChip >= limits.minStake && (
          <button type="button" className="chip" onClick={() => onPick(maxChip)} data-stake="max">
            {t('taiqiu.slip.max')}
          </button>
        )}
      </div>
    </>
  );
}
