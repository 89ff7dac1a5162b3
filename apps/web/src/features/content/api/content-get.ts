import * as routes from '@breakshot/client/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/** A rule page by key (taiqiu_rules, betting_rules); `body` is HTML the server has sanitized. */
export const contentQuery = (key: string, lang: string) =>
  queryOptions({
    queryKey: ['content', 'page', key, lang],
    queryFn: () => call(routes.content.contentGet, { key }),
    staleTime: 5 * 60_000,
  });
