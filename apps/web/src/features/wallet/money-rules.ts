import { payments } from '@breakshot/contracts';
import { parseAmountInput } from '../../lib/amount';
import { formatMoney } from '../../lib/money';
import { t } from '../../lib/i18n';
import './i18n';

/** What the deposit form shows for a fee or bonus (basis points of the amount, rounded down). */
export function depositEstimate(amount: number, ch: { feeRate: number; bonusRate: number }) {
  const fee = Math.floor((amount * ch.feeRate) / 10_000);
  const bonus = Math.floor((amount * ch.bonusRate) / 10_000);
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

export interface WithdrawRules {
  minAmount: number;
  maxAmount: number;
  withdrawable: number;
  feeRateBps: number;
  feeMinAmount: number;
}

/** Fee = max(amount × rate rounded down, minimum fee); net = amount − fee (withdrawals/config). */
export function withdrawFee(amount: number, cfg: Pick<WithdrawRules, 'feeRateBps' | 'feeMinAmount'>) {
  const fee = Math.max(Math.floor((amount * cfg.feeRateBps) / 10_000), cfg.feeMinAmount);
  return { fee, net: amount - fee };
}

/** The withdrawal amount's message, or null. */
export function withdrawAmountError(text: string, cfg: WithdrawRules, symbol: string): string | null {
  if (!text.trim()) return t('wallet.amountRequired');
  const amount = parseAmountInput(text);
  if (amount === null || amount <= 0) return t('wallet.amountFormat');
  if (amount < cfg.minAmount) return t('wallet.withdraw.belowMin', { min: formatMoney(cfg.minAmount, symbol) });
  if (amount > cfg.maxAmount) return t('wallet.withdraw.aboveMax', { max: formatMoney(cfg.maxAmount, symbol) });
  if (amount > cfg.withdrawable)
    return t('wallet.withdraw.aboveWithdrawable', { max: formatMoney(cfg.withdrawable, symbol) });
  if (withdrawFee(amount, cfg).net <= 0) return t('wallet.withdraw.feeTooHigh');
  return null;
}
