import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ErrorState } from '../../components/ui/page-state';
import { useT } from '../../lib/i18n';
import { errorText } from '../../lib/toast';
import { promotionListQuery, type PromotionType } from './api/promotions';
import { DetailSkeleton, idParam, NotFound, PromotionScreen } from './promotion-screen';

/**
 * A type's page (/user/youhuiShouCun…): the promotion of `?id=`, else the type's running one,
 * else the first the list has (upcoming, or ended lately); shown as the details page shows it.
 */
function TypePage({ type }: { type: PromotionType }) {
  const { t, lang } = useT();
  const id = idParam(useSearchParams()[0]);
  const list = useQuery({ ...promotionListQuery(lang, type), enabled: id === null });
  if (id !== null) return <PromotionScreen key={id} id={id} />;
  if (list.isPending) return <DetailSkeleton />;
  if (list.isError) {
    return (
      <div className="page">
        <ErrorState message={errorText(list.error)} onRetry={() => void list.refetch()} />
      </div>
    );
  }
  const items = list.data.items.filter((p) => p.type === type);
  const pick = items.find((p) => p.status === 'running') ?? items[0];
  return pick ? <PromotionScreen key={pick.id} id={pick.id} /> : <NotFound title={t('promo.noneOfType')} />;
}

export const ShouCunPage = () => <TypePage type="first_deposit" />;
export const JiaZengPage = () => <TypePage type="reload" />;
export const ZhuDanPage = () => <TypePage type="lucky_slip" />;
export const TiKuanPage = () => <TypePage type="fee_waiver" />;
export const PgPage = () => <TypePage type="slots_turnover" />;
export const DanDaiPage = () => <TypePage type="agent_starter" />;
