import * as routes from '@breakshot/client/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/** Running promotions' banners, in the reader's language. */
export const promotionBannersQuery = (lang: string) =>
  queryOptions({
    queryKey: ['promotions', 'banners', lang],
    queryFn: async () => (await call(routes.promotions.promotionBanners, {})).items,
    staleTime: 60_000,
  });
