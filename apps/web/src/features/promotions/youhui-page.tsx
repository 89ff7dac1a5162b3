import GiftOutline from 'antd-mobile-icons/es/GiftOutline';
import { useQuery } from '@tanstack/react-query';
import FileOutline from 'antd-mobile-icons/es/FileOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import { Link, useSearchParams } from 'react-router';
import { ChipFilter } from '../../components/ui/chip-filter';
import { ErrorState, InfoState } from '../../components/ui/page-state';
import { PullRefresh } from '../../components/ui/pull-refresh';
import { useT } from '../../lib/i18n';
import { pathTo } from '../../lib/paths';
import { errorText } from '../../lib/toast';
import { promotionListQuery, type PromotionSummary, type PromotionType } from './api/promotions';
import { Period, PromoBanner, TYPE_ROUTE } from './promotion-ui';

/**
 * /user/youhui (the 优惠 tab): the promotions that run or ended lately, running ones first, each
 * opening its type's page; a type filter when there are several types, and 我的申请.
 */
export default function YouhuiPage() {
  const { t, lang } = useT();
  const q = useQuery(promotionListQuery(lang));
  const [params, setParams] = useSearchParams();
  const items = q.data?.items ?? [];
  const types = [...new Set(items.map((p) => p.type))];
  const type = types.find((x) => x === params.get('type'));
  const shown = type ? items.filter((p) => p.type === type) : items;

  return (
    <PullRefresh onRefresh={q.refetch}>
      <div className="page promo-page" data-testid="youhui">
        <Link to={pathTo('youhuiCanYu')} className="card promo-mine" data-testid="link-mine">
          <span className="promo-mine-icon" aria-hidden="true">
            <FileOutline />
          </span>
          <span className="promo-mine-text">
            <strong>{t('promo.mine')}</strong>
            <span className="muted small">{t('promo.mineHint')}</span>
          </span>
          <RightOutline className="promo-chevron" />
        </Link>
        {types.length > 1 && (
          <ChipFilter<PromotionType>
            options={types}
            value={type}
            onChange={(v) => setParams(v ? { type: v } : {}, { replace: true })}
            label={(v) => (v ? t(`promo.type.${v}`) : t('promo.all'))}
            dataKey="type"
            ariaLabel={t('promo.filter')}
            testId="type-filter"
          />
        )}
        {q.isPending ? (
          <ListSkeleton />
        ) : q.isError && !q.data ? (
          <ErrorState message={errorText(q.error)} onRetry={() => void q.refetch()} />
        ) : shown.length === 0 ? (
          <InfoState icon={<GiftOutline />} title={t('promo.empty')} text={t('promo.emptyText')} />
        ) : (
          <div className="promo-list" data-testid="promo-list">
            {shown.map((p) => (
              <PromoCard key={p.id} promo={p} />
            ))}
          </div>
        )}
      </div>
    </PullRefresh>
  );
}

function PromoCard({ promo: p }: { promo: PromotionSummary }) {
  const { t } = useT();
  return (
    <Link to={pathTo(TYPE_ROUTE[p.type], {}, { id: p.id })} className="promo-card" data-promo-id={p.id}>
      <PromoBanner promo={p} heading="h2" />
      <div className="promo-card-foot">
        <span className="promo-card-period">
          <span className="muted">{t('promo.period')}</span> <Period startsAt={p.startsAt} endsAt={p.endsAt} />
        </span>
        <span className={`promo-card-go${p.canApply ? ' promo-card-go-apply' : ''}`}>
          {p.canApply ? t('promo.goApply') : t('promo.goView')}
        </span>
      </div>
    </Link>
  );
}

function ListSkeleton() {
  return (
    <div className="promo-list" aria-busy="true" data-testid="list-skeleton">
      {[0, 1, 2].map((i) => (
        <div key={i} className="promo-card">
          <span className="sk promo-banner-sk" />
          <div className="promo-card-foot">
            <span className="sk sk-line" style={{ width: '55%' }} />
          </div>
        </div>
      ))}
    </div>
  );
}
