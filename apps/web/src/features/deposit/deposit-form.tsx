import type { PayChannel, RequestOf, ResponseOf, payments } from '@breakshot/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { CopyText } from '../../components/ui/copy-text';
import { FormError, SubmitButton, TextField } from '../../components/ui/form-field';
import { MoneyText } from '../../components/ui/money-text';
import { ErrorState, InfoState, SkeletonLines } from '../../components/ui/page-state';
import { bpsText, Section, TypeIcon } from '../../components/wallet/wallet-ui';
import { cleanAmountTyping, parseAmountInput, toAmountInput } from '../../lib/amount';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { useCurrencySymbol } from '../../lib/sys-config';
import { errorText } from '../../lib/toast';
import { depositPromotionsQuery, useJoinPromotion } from './api/deposit-promotions';
import { usePayConfig } from './api/pay-config';
import { useStartPay } from './api/start-pay';
import { openCashier, type CashierTab } from './cashier';
import { DepositInstructions } from './deposit-instructions';
import { stillPays } from './deposit-promotions';
import { depositAmountError, depositEstimate } from './deposit-rules';
import { Countdown } from './deposit-ui';
import './i18n';
import { PromotionChoice } from './promotion-choice';

type StartResult = ResponseOf<typeof payments.startPay>['data'];

function pickDefault(channels: PayChannel[]): PayChannel | undefined {
  const open = channels.filter((c) => c.openNow);
  return open.find((c) => c.recommended) ?? open[0];
}

export function ChannelCard({ ch, active, onPick }: { ch: PayChannel; active: boolean; onPick: () => void }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  return (
    <button
      type="button"
      className={`channel${active ? ' channel-active' : ''}`}
      onClick={onPick}
      disabled={!ch.openNow}
      aria-pressed={active}
      data-testid={`channel-${ch.type}`}
      data-channel-id={ch.id}
    >
      {ch.recommended && <span className="channel-badge">{t('wallet.deposit.recommended')}</span>}
      <TypeIcon type={ch.type} />
      <span className="channel-text">
        <span className="channel-name">{ch.name}</span>
        <span className="channel-sub">
          {t('wallet.deposit.limits', {
            min: formatMoney(ch.minAmount, symbol),
            max: formatMoney(ch.maxAmount, symbol),
          })}
        </span>
        <span className="channel-rates">
          {ch.bonusRate > 0 && (
            <em className="rate-bonus">{t('wallet.deposit.bonusRate', { rate: bpsText(ch.bonusRate) })}</em>
          )}
          {ch.feeRate > 0 ? (
            <em className="rate-fee">{t('wallet.deposit.feeRate', { rate: bpsText(ch.feeRate) })}</em>
          ) : (
            <em className="rate-free">{t('wallet.deposit.noFee')}</em>
          )}
        </span>
        {!ch.openNow && (
          <span className="channel-closed">
            {t('wallet.deposit.closed', { open: ch.hours.open, close: ch.hours.close })}
          </span>
        )}
      </span>
    </button>
  );
}

/** The result of startPay on a manual channel: what to send, where, and until when. */
function ManualOrder({ order, channel, onAgain }: { order: StartResult; channel: PayChannel; onAgain: () => void }) {
  const { t } = useT();
  return (
    <div data-testid="manual-order">
      <Section
        title={
          <span className="row-gap">
            <TypeIcon type={channel.type} size={24} />
            {t('wallet.deposit.orderCreated')}
          </span>
        }
      >
        <Countdown until={order.expiresAt} />
        <p className="muted small">{t('wallet.deposit.manualHint')}</p>
        {order.instructions && <DepositInstructions ins={order.instructions} />}
        <div className="order-no-line">
          <span className="muted">{t('wallet.orderNo')}</span>
          <CopyText value={order.orderNo} testId="deposit-order-no" />
        </div>
      </Section>
      <div className="btn-pair">
        <button type="button" className="btn btn-ghost" onClick={onAgain}>
          {t('wallet.deposit.again')}
        </button>
        <Link
          className="btn btn-gold"
          to={pathTo('cunkuanDetails', {}, { orderNo: order.orderNo })}
          data-testid="view-order"
        >
          {t('wallet.viewOrder')}
        </Link>
      </div>
    </div>
  );
}

/** `cashier` opens the gateway's tab (tests pass their own). */
export function DepositForm({ cashier = openCashier }: { cashier?: () => CashierTab }) {
  const { t, lang } = useT();
  const navigate = useNavigate();
  const symbol = useCurrencySymbol();
  const config = usePayConfig();
  const start = useStartPay();
  // Offers that fail to load leave the deposit as it was: no promotion to choose.
  const promos = useQuery(depositPromotionsQuery(lang));
  const join = useJoinPromotion();
  /** The promotion picked; undefined: none picked yet (a joined one is chosen, else 不参与). */
  const [promoId, setPromoId] = useState<number | null | undefined>(undefined);
  const [channelId, setChannelId] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [order, setOrder] = useState<StartResult | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  if (config.isPending) {
    return (
      <div className="card">
        <SkeletonLines count={4} />
      </div>
    );
  }
  if (config.isError) return <ErrorState message={errorText(config.error)} onRetry={() => void config.refetch()} />;

  const channels = config.data.channels;
  const channel = channels.find((c) => c.id === channelId) ?? pickDefault(channels);
  if (!channel) {
    return <InfoState icon="¥" title={t('wallet.deposit.noChannels')} text={t('wallet.deposit.noChannelsHint')} />;
  }
  if (order) {
    return (
      <ManualOrder
        order={order}
        channel={channel}
        onAgain={() => {
          setOrder(null);
          setText('');
          setTouched(false);
        }}
      />
    );
  }

  const error = depositAmountError(text, channel, symbol);
  const amount = parseAmountInput(text);
  const est = amount !== null && !error ? depositEstimate(amount, channel) : null;
  const busy = join.isPending || start.isPending || redirecting;
  const offers = (promos.data ?? []).filter(stillPays);
  const chosen = (promoId === undefined ? offers.find((p) => p.joined) : offers.find((p) => p.id === promoId)) ?? null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (busy || error || amount === null) return;
    setServerError(null);
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
      setServerError(errorText(err));
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="deposit-form">
      <h2 className="section-title">{t('wallet.deposit.channels')}</h2>
      <div className="channels">
        {channels.map((c) => (
          <ChannelCard
            key={c.id}
            ch={c}
            active={c.id === channel.id}
            onPick={() => {
              setChannelId(c.id);
              setServerError(null);
            }}
          />
        ))}
      </div>

      <h2 className="section-title">{t('wallet.deposit.amount')}</h2>
      <div className="card">
        <div className="presets">
          {channel.presets.map((p) => (
            <button
              key={p}
              type="button"
              className={`preset${amount === p ? ' preset-active' : ''}`}
              onClick={() => {
                setText(toAmountInput(p));
                setTouched(true);
              }}
              data-testid={`preset-${p}`}
            >
              {formatMoney(p, symbol).replace(/\.00$/, '')}
            </button>
          ))}
        </div>
        <TextField
          label={t('wallet.deposit.amount')}
          inputMode="decimal"
          placeholder={t('wallet.deposit.limits', {
            min: formatMoney(channel.minAmount, symbol),
            max: formatMoney(channel.maxAmount, symbol),
          })}
          prefix={<span className="amount-prefix">{symbol}</span>}
          value={text}
          onValue={(v) => {
            setText(cleanAmountTyping(v));
            setTouched(true);
          }}
          error={touched ? (error ?? undefined) : undefined}
          testId="deposit-amount"
        />
        {est && (
          <div className="estimate" data-testid="deposit-estimate">
            {est.fee > 0 && (
              <span>
                {t('wallet.deposit.estFee')} <MoneyText value={est.fee} />
              </span>
            )}
            {est.bonus > 0 && (
              <span className="money-pos">
                {t('wallet.deposit.estBonus')} +<MoneyText value={est.bonus} />
              </span>
            )}
            <span>
              {t('wallet.deposit.estCredited')} <MoneyText value={est.credited} className="gold-text strong" />
            </span>
          </div>
        )}
        {offers.length > 0 && (
          <PromotionChoice
            offers={offers}
            chosenId={chosen?.id ?? null}
            onChoose={(id) => {
              setPromoId(id);
              setServerError(null);
            }}
            amount={est ? amount : null}
          />
        )}
        <FormError text={serverError} />
        <SubmitButton
          busy={busy}
          label={t('wallet.deposit.submit')}
          busyLabel={t(redirecting ? 'wallet.deposit.redirecting' : 'wallet.deposit.submitting')}
          testId="deposit-submit"
        />
      </div>
    </form>
  );
}
