import { Link, useSearchParams } from 'react-router';
import { CopyText } from '../../components/ui/copy-text';
import { DetailRows } from '../../components/ui/detail-rows';
import { MoneyText } from '../../components/ui/money-text';
import { ErrorState, InfoState, PageSkeleton } from '../../components/ui/page-state';
import { SignedMoney } from '../../components/ui/signed-money';
import { useSiteTime } from '../../lib/time';
import { Section } from '../../components/wallet/wallet-ui';
import { useT } from '../../lib/i18n';
import { errorText } from '../../lib/toast';
import { useBalanceDetailItem } from './api/balance-detail-item';
import '../../components/wallet/ledger-i18n';
import { entryLabelKey, sourceKey, sourceLink } from '../../components/wallet/ledger-labels';
import './fund-details.css';

/** /user/mingxiDetails?id=…: one ledger entry with all its fields and a link to its source. */
export default function MingxiDetailsPage() {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const q = useBalanceDetailItem(valid ? id : 0);
  if (!valid) return <InfoState icon="?" title={t('wallet.ledger.badId')} />;
  if (q.isPending) return <PageSkeleton />;
  if (q.isError) return <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />;
  const e = q.data;
  const link = sourceLink(e.reference);

  return (
    <div className="page wallet" data-testid="entry-details" data-entry-type={e.type}>
      <section className="card hero">
        <div className="hero-type">{t(entryLabelKey(e.type, e.amount))}</div>
        <div className="hero-amount">
          <SignedMoney value={e.amount} />
        </div>
        <div className="muted small">
          {t('wallet.ledger.balanceAfterLabel')} <MoneyText value={e.balanceAfter} />
        </div>
      </section>
      <Section>
        <DetailRows
          rows={[
            { label: t('wallet.ledger.type'), value: t(entryLabelKey(e.type, e.amount)) },
            { label: t('wallet.amount'), value: <SignedMoney value={e.amount} />, testId: 'entry-amount' },
            {
              label: t('wallet.ledger.balanceAfterLabel'),
              value: <MoneyText value={e.balanceAfter} />,
              testId: 'entry-balance-after',
            },
            { label: t('wallet.ledger.time'), value: formatDateTime(e.createdAt) },
            { label: t('wallet.ledger.source'), value: t(sourceKey(e.reference.table)) },
            {
              label: t('wallet.ledger.reference'),
              value: <CopyText value={e.reference.id} testId="entry-reference" />,
            },
            e.memo ? { label: t('wallet.ledger.memo'), value: e.memo, testId: 'entry-memo' } : null,
            { label: t('wallet.ledger.transferId'), value: <span className="mono">{e.transferId}</span> },
            { label: t('wallet.ledger.entryId'), value: <span className="mono">{e.id}</span> },
          ]}
        />
      </Section>
      {link && (
        <Link className="btn btn-gold btn-block" to={link} data-testid="entry-source">
          {t('wallet.ledger.openSource')}
        </Link>
      )}
    </div>
  );
}
