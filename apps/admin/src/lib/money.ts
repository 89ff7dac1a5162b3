import { formatMoney } from '@breakshot/contracts/money';

export const CURRENCY = '¥';

/** Minor units → '¥1,234.56'. */
export const money = (minor: number | null | undefined): string =>
  minor === null || minor === undefined ? '-' : formatMoney(minor, CURRENCY);

/** Yuan typed by the operator (up to two decimals) → integer minor units. */
export const toMinor = (yuan: number): number => Math.round(yuan * 100);

/** ISO time → local 'YYYY-MM-DD HH:mm:ss'. */
export function dateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
