import GiftOutline from 'antd-mobile-icons/es/GiftOutline';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DetailRows } from '../../components/ui/detail-rows';
import { ErrorState, InfoState, SkeletonLines } from '../../components/ui/page-state';
import { PullRefresh } from '../../components/ui/pull-refresh';
import { RichText } from '../../components/ui/rich-text';
import { useSiteTime } from '../../lib/time';
import { useT } from '../../lib/i18n';
import { formatMoney } from '../../lib/money';
import { pathTo } from '../../lib/paths';
import { useCurrencySymbol } from '../../lib/sys-config';
import { errorText } from '../../lib/toast';
import { promotionDetailsQuery, type PromotionDetail } from './api/promotions';
import { ApplyBar } from './apply-bar';
import { Participation } from './participation';
import { Period, PromoBanner } from './promotion-ui';
import { RulesTable } from './rules-table';

/** The promotion id of `?id=`, or null when absent or not an id. */
export function idParam(params: URLSearchParams): number | null {
  const id = Number(params.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * One promotion, whatever its type (the details page and the six type pages): banner, the
 * player's participation with the type's own figures, 活动内容 (the tier table), 活动信息,
 * 活动规则, and the apply bar. Its query key starts with 'user': a deposit (BALANCE_UPDATED) or
 * a settled bet refreshes it.
 */
export function PromotionScreen({ id }: { id: number }) {
  const { lang } = useT();
  const q = useQuery(promotionDetailsQuery(id, lang));
  if (q.isPending) return <DetailSkeleton />;
  if (q.isError && !q.data) {
    return (q.error as { code?: number }).code === 404 ? (
      <NotFound />
    ) : (
      <div className="page">
        <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
      </div>
    );
  }
  return (
    <>
      <PullRefresh onRefresh={q.refetch}>
        <PromotionView promo={q.data} />
      </PullRefresh>
      <ApplyBar promo={q.data} />
    </>
  );
}

/** No such promotion (or not one the player may see): back to the list. */
export function NotFound({ title }: { title?: string }) {
  const { t } = useT();
  return (
    <div className="page">
      <InfoState
        icon={<GiftOutline />}
        title={title ?? t('promo.notFound')}
        text={t('promo.notFoundText')}
        action={
          <Link className="btn btn-ghost btn-small" to={pathTo('youhui')}>
            {t('promo.toList')}
          </Link>
        }
      />
    </div>
  );
}

function PromotionView({ promo: p }: { promo: PromotionDetail }) {
  const { t } = useT();
  return (
    <div
      className={`page promo-page promo-detail${p.type === 'lucky_slip' ? '' : ' with-apply-bar'}`}
      data-testid="promotion"
      data-id={p.id}
      data-type={p.type}
    >
      <PromoBanner promo={p} heading="h1" />
      <Participation promo={p} />
      <h2 className="section-title">{t('promo.content')}</h2>
      <section className="card promo-content">
        <RulesTable promo={p} />
      </section>
      <h2 className="section-title">{t('promo.info')}</h2>
      <section className="card promo-info">
        <InfoRows promo={p} />
      </section>
      <h2 className="section-title">{t('promo.rules')}</h2>
      <section className="card">
        <RichText html={p.rulesHtml} testId="promo-rules" />
      </section>
    </div>
  );
}

/** 活动时间, 活动对象, VIP requirement, how often, turnover, cap and how long a bonus waits in 领奖. */
function InfoRows({ promo: p }: { promo: PromotionDetail }) {
  const formatDateTime = useSiteTime();
  const { t } = useT();
  const symbol = useCurrencySymbol();
  const pays = p.type !== 'fee_waiver';
  return (
    <DetailRows
      rows={[
        {
          label: t('promo.period'),
          value: <Period startsAt={p.startsAt} endsAt={p.endsAt} withTime />,
          testId: 'info-period',
        },
        { label: t('promo.audience'), value: p.audience, testId: 'info-audience' },
        {
          label: t('promo.vip'),
          value: p.minVipLevel > 0 ? t('promo.vipMin', { level: p.minVipLevel }) : t('promo.vipAny'),
          testId: 'info-vip',
        },
        { label: t('promo.oftenLabel'), value: t(`promo.often.${p.period}`), testId: 'info-often' },
        p.periodEndsAt !== null && {
          label: t('promo.periodEnds'),
          value: formatDateTime(p.periodEndsAt).slice(0, 16),
        },
        pays && {
          label: t('promo.turnover'),
          value: p.turnoverMultiple > 0 ? t('promo.turnoverValue', { n: p.turnoverMultiple }) : t('promo.noTurnover'),
          testId: 'info-turnover',
        },
        pays && {
          label: t('promo.cap'),
          value:
            p.capAmount === null
              ? t('promo.capTiers')
              : t(`promo.capValue.${p.period}`, { amount: formatMoney(p.capAmount, symbol) }),
          testId: 'info-cap',
        },
        pays && { label: t('promo.validDays'), value: t('promo.validDaysValue', { n: p.rewardValidDays }) },
      ]}
    />
  );
}

export function DetailSkeleton() {
  return (
    <div className="page promo-page" aria-busy="true" data-testid="detail-skeleton">
      <span className="sk promo-banner-sk" />
      <span className="sk sk-title" />
      <section className="card">
        <SkeletonLines count={3} />
      </section>
      <section className="card">
        <SkeletonLines count={4} />
      </section>
    </div>
  );
}
