import { useSearchParams } from 'react-router';
import { useT } from '../../lib/i18n';
import { InfoState } from '../ui/page-state';
import './i18n';

/** The `orderNo` query parameter of a details page. */
export function useOrderNo(): string {
  const [params] = useSearchParams();
  return (params.get('orderNo') ?? '').trim();
}

export function MissingOrder() {
  const { t } = useT();
  return <InfoState icon="?" title={t('wallet.notFoundOrder')} text={t('wallet.notFoundOrderHint')} />;
}
