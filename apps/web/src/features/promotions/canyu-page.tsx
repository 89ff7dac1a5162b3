import UnorderedListOutline from 'antd-mobile-icons/es/UnorderedListOutline';
import { promotions } from '@breakshot/contracts';
import { Link } from 'react-router';
import { MoneyText } from '../../components/ui/money-text';
import { PageTabs } from '../../components/ui/page-tabs';
import { RecordList } from '../../components/ui/record-list';
import { useSiteTime } from '../../lib/time';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import {
  fetchApplications,
  promotionKeys,
  type Application,
  type ApplicationsPage,
  type ApplicationStatus,
} from './api/promotions';
import { ApplicationChip, TYPE_ROUTE, TypeTag } from './promotion-ui';

/**
 * /user/youhuiCanYu: my applications, every period's, newest first; tabs 全部 / 审核中 / 已发放 /
 * 未通过. A row opens its promotion.
 */
export default function YouhuiCanYuPage() {
  const { t } = useT();
  return (
    <div className="page promo-page" data-testid="canyu">
      <PageTabs
        tabs={[
          { key: 'all', label: t('promo.all'), content: <Applications /> },
          { key: 'pending', label: t('promo.app.pending'), content: <Applications status="pending" /> },
          { key: 'granted', label: t('promo.app.granted'), content: <Applications status="granted" /> },
          { key: 'rejected', label: t('promo.app.rejected'), content: <Applications status="rejected" /> },
        ]}
      />
    </div>
  );
}

function Applications({ status }: { status?: ApplicationStatus }) {
  const { t, lang } = useT();
  return (
    <RecordList<Application, ApplicationsPage>
      queryKey={promotionKeys.applications(lang, status)}
      fetchPage={(page, pageSize) => fetchApplications(page, pageSize, status)}
      itemKey={(a) => a.id}
      testId={`applications-${status ?? 'all'}`}
      empty={{
        icon: <UnorderedListOutline />,
        title: t(`promo.appEmpty.${status ?? 'all'}`),
        text: t('promo.appEmptyText'),
        action: (
          <Link className="btn btn-ghost btn-small" to={pathTo('youhui')}>
            {t('promo.toList')}
          </Link>
        ),
      }}
      renderItem={(a) => <ApplicationRow app={a} />}
    />
  );
}

/** The application's period: the one-off, a day, a week (Monday to Sunday) or a month. */
function PeriodKey({ app }: { app: Application }) {
  const { t } = useT();
  const period = promotions.PROMOTION_PERIOD[app.type];
  if (period === 'once') return <>{t('promo.often.once')}</>;
  if (period !== 'week') return <>{app.periodKey}</>;
  const sunday = new Date(Date.parse(`${app.periodKey}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(5, 10);
  return <>{`${app.periodKey} – ${sunday}`}</>;
}

function ApplicationRow({ app: a }: { app: Application }) {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  return (
    <Link
      to={pathTo(TYPE_ROUTE[a.type], {}, { id: a.promotionId })}
      className={`rec promo-app promo-app-${a.status}`}
      data-app-id={a.id}
      data-status={a.status}
    >
      <div className="rec-top">
        <span className="rec-title promo-app-title">{a.title}</span>
        <ApplicationChip status={a.status} type={a.type} />
      </div>
      <div className="rec-bottom">
        <span className="promo-app-period">
          <TypeTag type={a.type} />
          <span className="promo-nowrap">
            {t('promo.appPeriod')} <PeriodKey app={a} />
          </span>
        </span>
        <span className="promo-app-amount" data-testid="app-amount">
          {a.type === 'fee_waiver' && <span className="promo-app-amount-label">{t('promo.feeWaived')}</span>}
          <MoneyText value={a.amount} className={a.amount > 0 ? 'gold-text' : undefined} />
        </span>
      </div>
      <div className="rec-bottom">
        <span>{t('promo.appliedAt', { time: formatDateTime(a.createdAt) })}</span>
      </div>
      {a.status === 'rejected' && a.reason && (
        <p className="promo-reason small" data-testid="app-reason">
          {t('promo.rejectedReason', { reason: a.reason })}
        </p>
      )}
    </Link>
  );
}
