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
import { useWithdrawDetails } from './api/withdraw-details';
import './i18n';
import { WITHDRAW_TONE } from './withdraw-ui';

/** /user/qukuanDetails?orderNo=…: one withdrawal: account (masked), amount, fee, net, status and reason, timeline. */
export default function QukuanDetailsPage() {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const orderNo = useOrderNo();
  const q = useWithdrawDetails(orderNo);
  if (!orderNo) return <MissingOrder />;
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  const d = q.data;
  const a = d.account;

  const steps: TimelineStep[] = d.timeline.map((s) => ({
    key: s.status,
    label: t(`wallet.withdrawStep.${s.status}`),
    at: s.at,
    tone: s.status === 'rejected' ? 'danger' : s.status === 'paid' ? 'success' : 'info',
    note: s.status === 'rejected' && d.reason ? `${t('wallet.withdraw.reason')}：${d.reason}` : undefined,
  }));
  if (d.status !== 'rejected') {
    for (const s of ['approved', 'paid'] as const) {
      if (!steps.some((x) => x.key === s)) steps.push({ key: s, label: t(`wallet.withdrawStep.${s}`) });
    }
  }
  const accountLine = [t(`wallet.type.${a.type}`), a.bankName, a.network, a.alias].filter(Boolean).join(' · ');

  return (
    <div className="page wallet" data-testid="withdraw-details" data-status={d.status}>
      <section className="card hero">
        <TypeIcon type={a.type} size={44} />
        <div className="hero-amount">
          <MoneyText value={d.amount} />
        </div>
        <StatusChip tone={WITHDRAW_TONE[d.status]} testId="withdraw-status">
          {t(`wallet.withdrawStatus.${d.status}`)}
        </StatusChip>
      </section>

      {d.status === 'rejected' && (
        <div className="notice notice-danger" data-testid="withdraw-reason">
          <div>
            <strong>
              {t('wallet.withdraw.reason')}：{d.reason ?? '—'}
            </strong>
            <p>{t('wallet.withdraw.rejectedNote')}</p>
          </div>
        </div>
      )}

      <Section title={t('wallet.details')}>
        <DetailRows
          rows={[
            { label: t('wallet.orderNo'), value: <CopyText value={d.orderNo} testId="withdraw-order-no" /> },
            {
              label: t('wallet.account'),
              value: (
                <span className="stack-right">
                  <span>{accountLine}</span>
                  <span className="mono">{a.masked}</span>
                  {a.name && <span className="muted small">{a.name}</span>}
                </span>
              ),
              testId: 'withdraw-account',
            },
            { label: t('wallet.amount'), value: <MoneyText value={d.amount} />, testId: 'withdraw-amount' },
            { label: t('wallet.fee'), value: <MoneyText value={d.feeAmount} />, testId: 'withdraw-fee' },
            {
              label: t('wallet.net'),
              value: <MoneyText value={d.netAmount} className="gold-text strong" />,
              testId: 'withdraw-net',
            },
            { label: t('wallet.createdAt'), value: formatDateTime(d.createdAt) },
          ]}
        />
      </Section>

      <Section title={t('wallet.timeline')}>
        <Timeline steps={steps} testId="withdraw-timeline" />
        <ZoneNote at={d.createdAt} />
      </Section>
    </div>
  );
}
