import { formatMoney } from '../../lib/money';
import { useCurrencySymbol } from '../../lib/sys-config';
import './ui.css';

/** A change of money: '+¥10.00' green, '-¥10.00' red, two decimals, the site's currency sign. */
export function SignedMoney({ value, className }: { value: number; className?: string }) {
  const symbol = useCurrencySymbol();
  const tone = value > 0 ? 'money-pos' : value < 0 ? 'money-neg' : 'money-zero';
  return (
    <span className={`${tone}${className ? ` ${className}` : ''}`}>
      {value > 0 ? '+' : ''}
      {formatMoney(value, symbol)}
    </span>
  );
}
