import type { DataOf, taiqiu } from '@breakshot/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { homeMatchesKey, homeMatchesOf } from './api/taiqiu-matches';

/** The games' part of /home's boot data (app/boot-data.ts). */
export interface HomeGamesBoot {
  home?: { matches?: DataOf<typeof taiqiu.matches> };
}

/**
 * Seeds the list of matches of /home with the page of them the server put into the page (its
 * render, src/ssr, draws them): kept here, with the games' lazy code, rather than at start-up.
 */
export function seedHomeMatches(data: HomeGamesBoot | null, client: QueryClient): void {
  const page = data?.home?.matches;
  if (page) client.setQueryData(homeMatchesKey('all'), homeMatchesOf(page.list, 'all'));
}
