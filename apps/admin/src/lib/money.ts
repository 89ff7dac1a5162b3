import { formatMoney } from '@breakshot/contracts/money';

export const CURRENCY = '¥';

/** Minor units → '¥1,234.56'. */
export const money = (minor: number | null | undefined): string =>
  minor === null || minor === undefined ? '-' : formatMoney(minor, CURRENCY);

/** Yuan typed by the operator (up to two decimals) → integer minor units. */
export const toMinor = (yuan: number): number => Math.round(yuan * 100);

/** A whole number with thousands separators: 5000 → '5,000'. */
export const grouped = (n: number): string => new Intl.NumberFormat('en-US').format(n);
