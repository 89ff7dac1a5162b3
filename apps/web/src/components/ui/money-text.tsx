import { formatMoney } from '../../lib/money';
import { useCurrencySymbol } from '../../lib/sys-config';

/** An amount in minor units with the site's currency sign. */
export function MoneyText({ value, className }: { value: number; className?: string }) {
  const symbol = useCurrencySymbol();
  return <span className={className}>{formatMoney(value, symbol)}</span>;
}
