import * as routes from '@breakshot/client/routes';
import type { taiqiu } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http';

export type MatchDetails = taiqiu.MatchDetails;

export const fetchMatch = (id: number) => call(routes.taiqiu.match, { id });

/**
 * The match page's data. Logged in, the answer carries myBets, so its key starts with 'user':
 * BALANCE_UPDATED (bet placed) and BET_SETTLED refresh it and logout drops it.
 */
export const matchKey = (id: number, loggedIn: boolean) =>
  loggedIn ? (['user', 'taiqiu', 'match', id] as const) : (['taiqiu', 'match', id] as const);

export const matchQuery = (id: number, loggedIn: boolean) =>
  queryOptions({ queryKey: matchKey(id, loggedIn), queryFn: () => fetchMatch(id), staleTime: 5_000 });
