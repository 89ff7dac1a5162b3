import * as routes from '@breakshot/client/routes';
import type { taiqiu } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http';

export type MatchItem = taiqiu.MatchItem;

/** How many live and upcoming matches the home page shows. */
export const HOME_MATCHES = 6;
/** How many it reads: the favourites filter looks beyond the first six. */
const HOME_POOL = 30;

export const homeMatchesKey = ['taiqiu', 'matches', 'home'] as const;

/**
 * Live matches first, then upcoming by start time (the server's order); ended ones that fill
 * the page are dropped. The page shows the first HOME_MATCHES, or those the favourites filter keeps.
 */
export const homeMatchesQuery = () =>
  queryOptions({
    queryKey: homeMatchesKey,
    queryFn: async () => {
      const page = await call(routes.taiqiu.matches, { page: 1, pageSize: HOME_POOL });
      return page.list.filter((m) => m.status === 'live' || m.status === 'scheduled');
    },
    staleTime: 10_000,
  });
