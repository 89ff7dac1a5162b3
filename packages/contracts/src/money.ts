/*
 * Money arithmetic and display shared by the server and the apps, in integers of minor units
 * (fen/cents). No zod here: the player app's start-up imports it (`@breakshot/contracts/money`).
 */

/**
 * The most one transfer of the wallet moves, in minor units (¥10,000,000,000.00). Every amount in
 * and out of the wallet is refused above it, so no realistic sum of them reaches 2^53 − 1, the
 * largest whole number a JavaScript number (and so every money field here) holds exactly; the
 * database refuses totals beyond that (docs/wallet-bounds.md).
 */
export const MAX_AMOUNT = 1_000_000_000_000;

/** Rates in basis points: 10,000 = 100 %. */
export const BASIS_POINTS = 10_000;

/** A share of an amount at a rate in basis points, rounded down: fees and bonuses never round up. */
export const shareOf = (amount: number, bps: number): number => Math.floor((amount * bps) / BASIS_POINTS);

/** A deposit's fee and bonus at its channel's rates. */
export function depositFeeAndBonus(amount: number, rates: { feeRate: number; bonusRate: number }) {
  return { fee: shareOf(amount, rates.feeRate), bonus: shareOf(amount, rates.bonusRate) };
}

/** A withdrawal's fee: the rate's share, at least the minimum fee. */
export function withdrawalFee(amount: number, rules: { feeRateBps: number; feeMinAmount: number }): number {
  return Math.max(shareOf(amount, rules.feeRateBps), rules.feeMinAmount);
}

/** A bet's return at decimal odds × 1000, stake included, rounded down. */
export const returnOf = (stake: number, oddsMilli: number): number => Math.floor((stake * oddsMilli) / 1000);

/** Minor units → '¥1,234.56': two decimals, thousands separators, the sign first. */
export function formatMoney(minor: number, symbol = ''): string {
  const negative = minor < 0;
  const abs = Math.abs(Math.trunc(minor));
  const units = Math.floor(abs / 100);
  const cents = abs % 100;
  const grouped = String(units).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${symbol}${grouped}.${String(cents).padStart(2, '0')}`;
}
