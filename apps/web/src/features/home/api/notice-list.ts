import * as routes from '@breakshot/client/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/** Published banners or notices, newest first, in the reader's language. */
export const noticesQuery = (type: 'banner' | 'notice', lang: string) =>
  queryOptions({
    queryKey: ['content', 'notices', type, lang],
    queryFn: () => call(routes.content.noticeList, { type, page: 1, pageSize: type === 'banner' ? 6 : 10 }),
    staleTime: 60_000,
  });
