import * as routes from '@breakshot/client/routes';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http';

/** The tracker's history of a match (public: no 'user' prefix, a guest's as a player's). */
export const trackerKey = (id: number) => ['taiqiu', 'tracker', id] as const;

/**
 * Read once when the tracker opens; then MATCH_UPDATED adds each visit, and a frame's end (the
 * score moved) or a reconnect reads it again (use-tracker.ts). Never polled.
 */
export const trackerQuery = (id: number) =>
  queryOptions({
    queryKey: trackerKey(id),
    queryFn: () => call(routes.taiqiu.tracker, { id }),
    staleTime: 5_000,
  });
