import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

/**
 * Queries that depend on the logged-in user start with this key; BALANCE_UPDATED and BET_SETTLED
 * invalidate them (lib/session.ts).
 */
export const USER_QUERY_KEY = 'user';

/** Notices, banners and rule pages start with this key; NOTICE_PUBLISHED invalidates them. */
export const CONTENT_QUERY_KEY = 'content';

/** The player's responsible-gaming limits (settings page and the reality reminder). */
export const LIMITS_QUERY_KEY = [USER_QUERY_KEY, 'limits'] as const;
