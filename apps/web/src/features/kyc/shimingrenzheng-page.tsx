import type { kyc } from '@breakshot/contracts';
import CheckCircleFill from 'antd-mobile-icons/es/CheckCircleFill';
import ClockCircleFill from 'antd-mobile-icons/es/ClockCircleFill';
import { DetailRows } from '../../components/ui/detail-rows';
import { ErrorState, PageSkeleton } from '../../components/ui/page-state';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { useCurrencySymbol } from '../../lib/sys-config';
import { useSiteTime } from '../../lib/time';
import { useKyc } from '../../lib/kyc';
import { KycForm } from './kyc-form';
import { KycStatusChip } from '../../components/ui/kyc-status';
import './i18n';
import './kyc.css';

/**
 * /user/shimingrenzheng: the player's real-name verification. Before the first submission or
 * after a rejection (its reason shown) the form; while pending the masked ID under review; once
 * approved the verified name and masked ID.
 */
export default function ShimingrenzhengPage() {
  const { t } = useT();
  const query = useKyc();
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  const view = query.data;
  return (
    <div className="page kyc" data-testid="kyc-page">
      <section className="card kyc-head">
        <div className="kyc-head-row">
          <h2 className="kyc-title">{t('kyc.row')}</h2>
          <KycStatusChip status={view.status} testId="kyc-status" />
        </div>
        <Requirement view={view} />
      </section>
      {view.status === 'rejected' && (
        <section className="kyc-rejected" role="alert" data-testid="kyc-rejected">
          <strong>{t('kyc.rejectedTitle')}</strong>
          <p>{t('kyc.rejectedReason', { reason: view.rejectReason ?? '' })}</p>
          <p className="muted small">{t('kyc.resubmit')}</p>
        </section>
      )}
      {view.status === 'none' || view.status === 'rejected' ? <KycForm /> : <Submitted view={view} />}
    </div>
  );
}

function Requirement({ view }: { view: kyc.KycView }) {
  const { t } = useT();
  const symbol = useCurrencySymbol();
  return (
    <>
      <p className="muted small kyc-intro">{t('kyc.intro')}</p>
      {view.requiredAmount > 0 && view.status !== 'approved' && (
        <p className="kyc-required" data-testid="kyc-required">
          {t('kyc.required', { amount: formatMoney(view.requiredAmount, symbol) })}
        </p>
      )}
    </>
  );
}

/** A submission under review or approved: what was sent, masked. */
function Submitted({ view }: { view: kyc.KycView }) {
  const { t } = useT();
  const formatDateTime = useSiteTime();
  const approved = view.status === 'approved';
  return (
    <section className="card kyc-submitted" data-testid="kyc-submitted">
      <div className={`kyc-badge${approved ? ' approved' : ''}`} aria-hidden="true">
        {approved ? <CheckCircleFill /> : <ClockCircleFill />}
      </div>
      <h3>{t(approved ? 'kyc.approvedTitle' : 'kyc.pendingTitle')}</h3>
      <p className="muted small">{t(approved ? 'kyc.approvedText' : 'kyc.pendingText')}</p>
      <DetailRows
        rows={[
          { label: t('kyc.realName'), value: view.realName, testId: 'kyc-shown-name' },
          { label: t('kyc.idNumber'), value: view.idMasked, testId: 'kyc-shown-id' },
          view.submittedAt !== null && { label: t('kyc.submittedAt'), value: formatDateTime(view.submittedAt) },
          view.reviewedAt !== null && { label: t('kyc.reviewedAt'), value: formatDateTime(view.reviewedAt) },
        ]}
      />
    </section>
  );
}
