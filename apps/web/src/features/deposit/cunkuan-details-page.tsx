import { CopyText } from '../../components/ui/copy-text';
import { DetailRows } from '../../components/ui/detail-rows';
import { MoneyText } from '../../components/ui/money-text';
import { ErrorState, PageSkeleton } from '../../components/ui/page-state';
import { StatusChip } from '../../components/ui/status-chip';
import type { TimelineStep } from '../../components/ui/timeline';
import { Timeline } from '../../components/ui/timeline';
import { ZoneNote } from '../../components/ui/zone-note';
import { useSiteTime } from '../../lib/time';
import { MissingOrder, useOrderNo } from '../../components/wallet/order-param';
import { Section, TypeIcon } from '../../components/wallet/wallet-ui';
import { useT } from '../../lib/i18n';
import { errorText } from '../../lib/toast';
import { useRechargeDetails } from './api/recharge-details';
import { openCashier } from './cashier';
import { DepositInstructions } from './deposit-instructions';
import { Countdown, DEPOSIT_TONE } from './deposit-ui';
import './i18n';

/** /user/cunkuanDetails?orderNo=…: one deposit order; polls while it waits for payment. */
export default function CunkuanDetailsPage() {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const orderNo = useOrderNo();
  const q = useRechargeDetails(orderNo);
  if (!orderNo) return <MissingOrder />;
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  const d = q.data;
  const pending = d.status === 'PENDING';

  const steps: TimelineStep[] = d.timeline.map((s) => ({
    key: s.step,
    label: t(`wallet.depositStep.${s.step}`),
    at: s.at,
    tone: s.step === 'failed' || s.step === 'expired' ? 'danger' : s.step === 'credited' ? 'success' : 'info',
  }));
  if (pending) {
    for (const step of ['paid', 'credited'] as const) {
      if (!steps.some((s) => s.key === step)) steps.push({ key: step, label: t(`wallet.depositStep.${step}`) });
    }
  }

  return (
    <div className="page wallet" data-testid="deposit-details" data-status={d.status}>
      <section className="card hero">
        <TypeIcon type={d.channelType} size={44} />
        <div className="hero-amount">
          <MoneyText value={d.amount} />
        </div>
        <StatusChip tone={DEPOSIT_TONE[d.status]} testId="deposit-status">
          {t(`wallet.depositStatus.${d.status}`)}
        </StatusChip>
        {pending && <p className="muted small">{t('wallet.deposit.waiting')}</p>}
      </section>

      {pending && (d.payUrl || d.instructions) && (
        <Section>
          <Countdown until={d.expiresAt} />
          {d.instructions && <DepositInstructions ins={d.instructions} />}
          {d.payUrl && (
            <button
              type="button"
              className="btn btn-gold btn-block"
              onClick={() => openCashier().go(d.payUrl as string)}
              data-testid="pay-now"
            >
              {t('wallet.deposit.payNow')}
            </button>
          )}
        </Section>
      )}

      <Section title={t('wallet.details')}>
        <DetailRows
          rows={[
            { label: t('wallet.orderNo'), value: <CopyText value={d.orderNo} testId="deposit-order-no" /> },
            { label: t('wallet.deposit.channel'), value: d.channelName },
            { label: t('wallet.amount'), value: <MoneyText value={d.amount} />, testId: 'deposit-amount' },
            { label: t('wallet.fee'), value: <MoneyText value={d.fee} />, testId: 'deposit-fee' },
            { label: t('wallet.deposit.bonus'), value: <MoneyText value={d.bonus} />, testId: 'deposit-bonus' },
            {
              label: t('wallet.deposit.credited'),
              value: <MoneyText value={d.creditedAmount} className={d.status === 'PAID' ? 'money-pos' : undefined} />,
              testId: 'deposit-credited',
            },
            { label: t('wallet.createdAt'), value: formatDateTime(d.createdAt), testId: 'deposit-created-at' },
            d.paidAt
              ? { label: t('wallet.deposit.paidAt'), value: formatDateTime(d.paidAt), testId: 'deposit-paid-at' }
              : null,
            pending ? { label: t('wallet.deposit.expiresAt'), value: formatDateTime(d.expiresAt) } : null,
            d.firstDeposit ? { label: t('wallet.deposit.firstDeposit'), value: '✓' } : null,
          ]}
        />
      </Section>

      <Section title={t('wallet.timeline')}>
        <Timeline steps={steps} testId="deposit-timeline" />
        <ZoneNote at={d.createdAt} />
      </Section>
    </div>
  );
}
