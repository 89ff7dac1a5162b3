import type { DataOf, withdrawals } from '@breakshot/contracts';
import { withdrawalFee } from '@breakshot/contracts/money';
import { useState } from 'react';
import { useNavigate } from 'react-router';
// The fund password's message is the shared fields' (ui.fundPwd.enter).
import '../../components/ui/ui-i18n';
import { cleanAmountTyping, parseAmountInput, toAmountInput } from '../../lib/amount';
import { ApiError } from '../../lib/http';
import { t } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { useRequestId } from '../../lib/request-id';
import { useCurrencySymbol } from '../../lib/sys-config';
import { errorText, showToast } from '../../lib/toast';
import { TYPE_ORDER, useWithdrawAccounts } from '../../lib/withdraw-accounts';
import { useAddWithdraw } from './api/add-withdraw';
import { useWithdrawConfig } from './api/withdraw-config';
import './i18n';

export type WithdrawConfig = DataOf<typeof withdrawals.withdrawConfig>;
export type Account = withdrawals.WithdrawAccount;

export interface WithdrawRules {
  minAmount: number;
  maxAmount: number;
  withdrawable: number;
  feeRateBps: number;
  feeMinAmount: number;
  /** This week's fee waiver covers the next withdrawal (feeWaiverState 'free'). */
  feeWaived?: boolean;
}

export type FeeWaiver = NonNullable<WithdrawConfig['feeWaiver']>;

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

/** The default method's default account, else any default, else the first. */
function preselect(list: Account[], defaultType: string | null): Account | undefined {
  return (
    list.find((a) => a.isDefault && a.type === defaultType) ??
    list.find((a) => a.type === defaultType) ??
    list.find((a) => a.isDefault) ??
    list[0]
  );
}

/** Seconds the server locks withdrawals after too many wrong fund passwords (429), else null. */
export function lockAfter(err: unknown): number | null {
  if (err instanceof ApiError && err.code === 429) return err.data?.retryAfter ?? 900;
  return null;
}

/** What the player has typed and picked, and when a refused request locked the form. */
export interface WithdrawInput {
  accountId: number | null;
  amountText: string;
  fundPassword: string;
  /** Epoch ms the lock of a 429 ends (null: none this visit). */
  lockedUntil: number | null;
  now: number;
  symbol: string;
}

/**
 * Everything the withdraw form shows and checks, from the config, the accounts and the input: the
 * fee waiver and rules, accounts by method, the account chosen, the amount and its message, the
 * fund password's message, times left today, the lock, turnover done, and whether submitting is
 * blocked (no fund password, locked, no times left, no account).
 */
export function withdrawView(
  c: WithdrawConfig,
  accounts: { list: Account[]; defaultType: string | null },
  input: WithdrawInput,
) {
  const waiver = feeWaiverState(c);
  const rules = { ...c, feeWaived: waiver?.kind === 'free' };
  const list = [...accounts.list].sort((a, b) => TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type));
  const account = list.find((a) => a.id === input.accountId) ?? preselect(list, accounts.defaultType);
  const timesLeft = Math.max(0, c.dailyCount - c.usedToday);
  const lockSeconds =
    input.lockedUntil !== null
      ? Math.max(0, Math.ceil((input.lockedUntil - input.now) / 1000))
      : (c.locked?.retryAfter ?? 0);
  const { required, done } = c.turnover;
  return {
    waiver,
    rules,
    list,
    account,
    amount: parseAmountInput(input.amountText),
    amountError: withdrawAmountError(input.amountText, rules, input.symbol),
    passwordError: /^\d{6}$/.test(input.fundPassword) ? null : t('ui.fundPwd.enter'),
    timesLeft,
    lockSeconds,
    /** Turnover done, as a whole percentage of the required (100 when none is required). */
    turnoverPct: required > 0 ? Math.min(100, Math.round((done / required) * 100)) : 100,
    blocked: !c.hasFundPassword || lockSeconds > 0 || timesLeft === 0 || !account,
  };
}
export type WithdrawView = ReturnType<typeof withdrawView>;

/**
 * The withdraw form (/user/qukuan): config and accounts, what the player typed, and the two steps
 * of a request: submit checks and opens the confirmation, confirm sends. Messages show for the
 * amount once typed and for the fund password after a submit; a refused request clears the fund
 * password and shows its message under the field it names, else below the form.
 */
export function useWithdrawForm() {
  const symbol = useCurrencySymbol();
  const navigate = useNavigate();
  const config = useWithdrawConfig();
  const accounts = useWithdrawAccounts();
  const add = useAddWithdraw();
  // A confirm after a network failure sends the same id: the request it may have made is not made twice.
  const request = useRequestId();
  const [accountId, setAccountId] = useState<number | null>(null);
  const [amountText, setAmountText] = useState('');
  const [fundPassword, setFundPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [serverError, setServerError] = useState<{ field?: string; text: string } | null>(null);
  const [lockedUntil, setLockedUntil] = useState<number | null>(null);

  const input = { accountId, amountText, fundPassword, lockedUntil, now: Date.now(), symbol };
  const view = config.data && accounts.data ? withdrawView(config.data, accounts.data, input) : null;
  const serverErrorOf = (field: string) => (serverError?.field === field ? serverError.text : undefined);

  const setAmount = (text: string) => {
    setAmountText(text);
    setTouched(true);
    setServerError(null);
  };

  const submit = () => {
    setSubmitted(true);
    setTouched(true);
    if (!view || view.blocked || view.amountError || view.passwordError || add.isPending) return;
    setConfirming(true);
  };

  const confirm = async () => {
    if (!view?.account || view.amount === null || add.isPending) return;
    setServerError(null);
    try {
      const res = await add.mutateAsync({
        accountId: view.account.id,
        amount: view.amount,
        fundPassword,
        requestId: request.take(),
      });
      request.settle();
      setConfirming(false);
      void showToast(t('wallet.withdraw.done'), 'success');
      void navigate(pathTo('qukuanDetails', {}, { orderNo: res.orderNo }));
    } catch (err) {
      request.settle(err);
      setConfirming(false);
      setFundPassword('');
      const lock = lockAfter(err);
      if (lock !== null) setLockedUntil(Date.now() + lock * 1000);
      const field = err instanceof ApiError ? err.data?.field : undefined;
      setServerError({ field, text: errorText(err) });
      void config.refetch();
    }
  };

  return {
    config,
    accounts,
    view,
    pickAccount: setAccountId,
    amountText,
    setAmount: (text: string) => setAmount(cleanAmountTyping(text)),
    /** 全部: as much as may be withdrawn in one request. */
    fillAll: () => {
      if (config.data) setAmount(toAmountInput(Math.min(config.data.withdrawable, config.data.maxAmount)));
    },
    amountError: (touched ? view?.amountError : null) ?? serverErrorOf('amount'),
    fundPassword,
    setFundPassword: (v: string) => {
      setFundPassword(v);
      setServerError(null);
    },
    passwordError: (submitted ? view?.passwordError : null) ?? serverErrorOf('fundPassword'),
    /** A refused request's message that names neither field. */
    formError:
      serverError && serverError.field !== 'amount' && serverError.field !== 'fundPassword' ? serverError.text : null,
    busy: add.isPending,
    submit,
    confirming,
    cancelConfirm: () => setConfirming(false),
    confirm,
  };
}
