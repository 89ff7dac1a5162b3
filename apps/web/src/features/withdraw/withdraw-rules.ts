import type { DataOf, withdrawals } from '@breakshot/contracts';
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
  /** This week's fee waiver covers the next withdrawal (feeWaiverState 'free'). */
  feeWaived?: boolean;
}

export type FeeWaiver = NonNullable<DataOf<typeof withdrawals.withdrawConfig>['feeWaiver']>;

/**
 * Where the player stands with this week's fee waiver (优惠 提款): free withdrawals left, valid bet
 * still needed before they count, or all used; null without one, or when withdrawals cost no fee
 * anyway.
 */
export type FeeWaiverState =
  { kind: 'free'; left: number; total: number } | { kind: 'bet'; needed: number } | { kind: 'used'; total: number };
export function feeWaiverState(
  cfg: Pick<WithdrawRules, 'feeRateBps' | 'feeMinAmount'> & { feeWaiver?: FeeWaiver | null },
): FeeWaiverState | null {
  const fw = cfg.feeWaiver;
  if (!fw || (cfg.feeRateBps === 0 && cfg.feeMinAmount === 0)) return null;
  if (fw.validBet < fw.minValidBet) return { kind: 'bet', needed: fw.minValidBet - fw.validBet };
  if (fw.used < fw.freeWithdrawals)
    return { kind: 'free', left: fw.freeWithdrawals - fw.used, total: fw.freeWithdrawals };
  return { kind: 'used', total: fw.freeWithdrawals };
}

/**
 * Fee = max(amount × rate rounded down, minimum fee), none under the fee waiver; net = amount − fee
 * (withdrawals/config).
 */
export function withdrawFee(amount: number, cfg: Pick<WithdrawRules, 'feeRateBps' | 'feeMinAmount' | 'feeWaived'>) {
  const fee = cfg.feeWaived ? 0 : withdrawalFee(amount, cfg);
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
