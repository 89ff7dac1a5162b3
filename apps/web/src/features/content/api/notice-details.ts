import * as routes from '@breakshot/client/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/** An announcement or banner article; `body` is HTML the server has sanitized. */
export const noticeDetailsQuery = (id: number, lang: string) =>
  queryOptions({
    queryKey: ['content', 'notice', id, lang],
    queryFn: () => call(routes.content.noticeDetails, { id }),
    staleTime: 60_000,
  });
