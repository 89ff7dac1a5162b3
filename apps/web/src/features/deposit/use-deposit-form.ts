import { payments, type PayChannel, type RequestOf, type ResponseOf } from '@breakshot/contracts';
import { depositFeeAndBonus } from '@breakshot/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useFormState } from '../../components/ui/use-form-state';
import { cleanAmountTyping, parseAmountInput, toAmountInput } from '../../lib/amount';
import { t, useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { useCurrencySymbol } from '../../lib/sys-config';
import { depositPromotionsQuery, useJoinPromotion } from './api/deposit-promotions';
import { usePayConfig } from './api/pay-config';
import { useStartPay } from './api/start-pay';
import type { CashierTab } from './cashier';
import { stillPays } from './deposit-promotions';
import './i18n';

export type StartResult = ResponseOf<typeof payments.startPay>['data'];

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

/** The channel the player picked, else the recommended open one, else the first open one. */
export function depositChannel(channels: PayChannel[], pickedId: number | null): PayChannel | undefined {
  const open = channels.filter((c) => c.openNow);
  return channels.find((c) => c.id === pickedId) ?? open.find((c) => c.recommended) ?? open[0];
}

/**
 * The promotion the deposit goes with: the one picked (null: 不参与), or before any pick the one
 * already joined.
 */
export function chosenPromotion<P extends { id: number; joined: boolean }>(
  offers: P[],
  pickedId: number | null | undefined,
): P | null {
  return (pickedId === undefined ? offers.find((p) => p.joined) : offers.find((p) => p.id === pickedId)) ?? null;
}

/**
 * The deposit form (/user/chongzhi): channel, amount, promotion, then the order. A gateway's
 * order opens its cashier (`cashier`); a manual one comes back as `order` to show.
 */
export function useDepositForm(cashier: () => CashierTab) {
  const { lang } = useT();
  const navigate = useNavigate();
  const symbol = useCurrencySymbol();
  const config = usePayConfig();
  const start = useStartPay();
  // Offers that fail to load leave the deposit as it was: no promotion to choose.
  const promos = useQuery(depositPromotionsQuery(lang));
  const join = useJoinPromotion();
  /** The promotion picked; undefined: none picked yet. */
  const [promoId, setPromoId] = useState<number | null | undefined>(undefined);
  const [channelId, setChannelId] = useState<number | null>(null);
  const [order, setOrder] = useState<StartResult | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const channel = depositChannel(config.data?.channels ?? [], channelId);
  const amountErrorOf = (text: string) => (channel ? depositAmountError(text, channel, symbol) : null);
  const form = useFormState({ amount: '' }, ({ amount }) => {
    const error = amountErrorOf(amount);
    return error ? { amount: error } : {};
  });
  const amount = parseAmountInput(form.values.amount);
  const offers = (promos.data ?? []).filter(stillPays);
  const chosen = chosenPromotion(offers, promoId);

  const send = async () => {
    if (!channel || amount === null || redirecting) return;
    const body: RequestOf<typeof payments.startPay> = { channelId: channel.id, amount };
    // Opened now, during the tap: a tab opened after the answer would be blocked as a popup.
    const tab = channel.adapter === 'manual' ? null : cashier();
    try {
      // Applied for first, so the deposit counts for it; a refusal starts no order.
      if (chosen && !chosen.joined) await join.mutateAsync(chosen.id);
      const res = await start.mutateAsync(body);
      if (res.payUrl && tab) {
        setRedirecting(true);
        if (tab.go(res.payUrl) === 'tab') void navigate(pathTo('cunkuanDetails', {}, { orderNo: res.orderNo }));
      } else {
        tab?.cancel();
        setOrder(res);
      }
    } catch (err) {
      tab?.cancel();
      throw err;
    }
  };

  return {
    config,
    channel,
    order,
    /** Back from a manual order to an empty form. */
    again: () => setOrder(null),
    amountText: form.values.amount,
    /** The amount typed, as a number of minor units (null: not an amount). */
    amount,
    /** The amount's message, once typed or a submit tried. */
    amountError: form.field('amount').error,
    setAmount: (text: string) => form.set('amount')(cleanAmountTyping(text)),
    pickPreset: (value: number) => form.set('amount')(toAmountInput(value)),
    /** Fee, bonus and credited amount of a valid amount, else null. */
    estimate:
      channel && amount !== null && !amountErrorOf(form.values.amount) ? depositEstimate(amount, channel) : null,
    pickChannel: (id: number) => {
      setChannelId(id);
      form.clearError();
    },
    offers,
    chosen,
    choosePromotion: (id: number | null) => {
      setPromoId(id);
      form.clearError();
    },
    serverError: form.formError,
    busy: form.busy || redirecting,
    redirecting,
    submit: form.submit(send),
  };
}
