import { withdrawalFee } from '@breakshot/contracts/money';
import { parseAmountInput } from '../../lib/amount';
import { t } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import './i18n';

export interface WithdrawRules {
  minAmount: number;
  maxAmount: number;
  withdrawable: number;
  feeRateBps: number;
  feeMinAmount: number;
}

/** Fee = max(amount × rate rounded down, minimum fee); net = amount − fee (withdrawals/config). */
export function withdrawFee(amount: number, cfg: Pick<WithdrawRules, 'feeRateBps' | 'feeMinAmount'>) {
  const fee = withdrawalFee(amount, cfg);
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
