import { payments } from '@breakshot/contracts';
import { depositFeeAndBonus } from '@breakshot/contracts/money';
import { parseAmountInput } from '../../lib/amount';
import { t } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import './i18n';

/** What the deposit form shows for a fee or bonus (basis points of the amount, rounded down). */
export function depositEstimate(amount: number, ch: { feeRate: number; bonusRate: number }) {
  const { fee, bonus } = depositFeeAndBonus(amount, ch);
  return { fee, bonus, credited: amount - fee + bonus };
}

/**
 * The deposit amount's message, or null when it may be sent: typed as yuan (two decimals at most),
 * the contract's amount rule, then the channel's limits.
 */
export function depositAmountError(
  text: string,
  ch: { minAmount: number; maxAmount: number },
  symbol: string,
): string | null {
  if (!text.trim()) return t('wallet.amountRequired');
  const amount = parseAmountInput(text);
  if (amount === null) return t('wallet.amountFormat');
  const r = payments.startPay.request.shape.amount.safeParse(amount);
  if (!r.success || amount < ch.minAmount || amount > ch.maxAmount) {
    return t('wallet.deposit.range', {
      min: formatMoney(ch.minAmount, symbol),
      max: formatMoney(ch.maxAmount, symbol),
    });
  }
  return null;
}
