import * as routes from '@breakshot/client/routes';
import type { taiqiu } from '@breakshot/contracts';
import { HOME_MATCHES_ASKED } from '@breakshot/contracts/first-screen';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import { FAVOURITE_MATCHES_KEY } from '../../../lib/taiqiu-favourites';

export type MatchItem = taiqiu.MatchItem;

/** The list's filter: every match, or those starred or featuring a starred player (the server keeps them). */
export type MatchFilter = 'all' | 'fav';

/** How many live and upcoming matches the home page shows of them all. */
export const HOME_MATCHES = 6;
/** How many favourite ones it reads. */
const FAVOURITES_PAGE = 20;

/** The list's key; the favourites' is the player's own (lib/taiqiu-favourites.ts). */
export const homeMatchesKey = (filter: MatchFilter) =>
  filter === 'fav' ? FAVOURITE_MATCHES_KEY : (['taiqiu', 'matches', 'home'] as const);

/**
 * Live matches first, then upcoming by start time (the server's order); ended ones that fill
 * the page are dropped. Of them all the first HOME_MATCHES; of the favourites a page.
 */
export const homeMatchesQuery = (filter: MatchFilter) =>
  queryOptions({
    queryKey: homeMatchesKey(filter),
    queryFn: async () => {
      const page = await call(
        routes.taiqiu.matches,
        filter === 'fav'
          ? { page: 1, pageSize: FAVOURITES_PAGE, favourites: true }
          : { page: 1, pageSize: HOME_MATCHES_ASKED },
      );
      return homeMatchesOf(page.list, filter);
    },
    staleTime: 10_000,
  });

/** The list shown of a page of matches: the live and upcoming ones, of them all the first HOME_MATCHES. */
export function homeMatchesOf(list: MatchItem[], filter: MatchFilter): MatchItem[] {
  const ahead = list.filter((m) => m.status === 'live' || m.status === 'scheduled');
  return filter === 'fav' ? ahead : ahead.slice(0, HOME_MATCHES);
}
