import type { promotions } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, ref } from '../../../lib/http';

/** Light reference (api/refs.test.ts checks it against the contract). Public: guests see them too. */
export const promotionBannersRef = ref<typeof promotions.promotionBanners>('POST', '/promotion/banners');

/** Running promotions' banners, in the reader's language. */
export const promotionBannersQuery = (lang: string) =>
  queryOptions({
    queryKey: ['promotions', 'banners', lang],
    queryFn: async () => (await call(promotionBannersRef, {})).items,
    staleTime: 60_000,
  });
