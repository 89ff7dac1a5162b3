/** Integer minor units (fen/cents) → '¥1,234.56' (two decimals, thousands separators, sign first). */
export function formatMoney(minor: number, symbol = '¥'): string {
  const negative = minor < 0;
  const abs = Math.abs(Math.trunc(minor));
  const units = Math.floor(abs / 100);
  const cents = abs % 100;
  const grouped = String(units).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${symbol}${grouped}.${String(cents).padStart(2, '0')}`;
}
