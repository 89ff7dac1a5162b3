import type { PayChannel } from '@breakshot/contracts';
import { Link } from 'react-router';
import { CopyText } from '../../components/ui/copy-text';
import { FormError, SubmitButton, TextField } from '../../components/ui/form-field';
import { MoneyText } from '../../components/ui/money-text';
import { ErrorState, InfoState, SkeletonLines } from '../../components/ui/page-state';
import { bpsText, Section, TypeIcon } from '../../components/wallet/wallet-ui';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { useCurrencySymbol } from '../../lib/sys-config';
import { errorText } from '../../lib/toast';
import { openCashier, type CashierTab } from './cashier';
import { DepositInstructions } from './deposit-instructions';
import { Countdown } from './deposit-ui';
import './i18n';
import { PromotionChoice } from './promotion-choice';
import { useDepositForm, type StartResult } from './use-deposit-form';

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
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const form = useDepositForm(cashier);
  const { config, channel, amount, estimate: est } = form;

  if (config.isPending) {
    return (
      <div className="card">
        <SkeletonLines count={4} />
      </div>
    );
  }
  if (config.isError) return <ErrorState message={errorText(config.error)} onRetry={() => void config.refetch()} />;

  if (!channel) {
    return <InfoState icon="¥" title={t('wallet.deposit.noChannels')} text={t('wallet.deposit.noChannelsHint')} />;
  }
  if (form.order) return <ManualOrder order={form.order} channel={channel} onAgain={form.again} />;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit();
      }}
      noValidate
      data-testid="deposit-form"
    >
      <h2 className="section-title">{t('wallet.deposit.channels')}</h2>
      <div className="channels">
        {config.data.channels.map((c) => (
          <ChannelCard key={c.id} ch={c} active={c.id === channel.id} onPick={() => form.pickChannel(c.id)} />
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
              onClick={() => form.pickPreset(p)}
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
          value={form.amountText}
          onValue={form.setAmount}
          error={form.amountError}
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
        {form.offers.length > 0 && (
          <PromotionChoice
            offers={form.offers}
            chosenId={form.chosen?.id ?? null}
            onChoose={form.choosePromotion}
            amount={est ? amount : null}
          />
        )}
        <FormError text={form.serverError} />
        <SubmitButton
          busy={form.busy}
          label={t('wallet.deposit.submit')}
          busyLabel={t(form.redirecting ? 'wallet.deposit.redirecting' : 'wallet.deposit.submitting')}
          testId="deposit-submit"
        />
      </div>
    </form>
  );
}
