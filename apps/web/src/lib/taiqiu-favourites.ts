import { taiqiu as routes } from '@breakshot/client/routes';
import { taiqiu } from '@breakshot/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './http';
import { USER_QUERY_KEY } from './query-client';

/*
 * The player's starred billiards matches and players (taiqiu/favourites): a star on the match page
 * sets them, /home filters its matches by them. A star shows its new state at once and is put back,
 * with a toast, when the server refuses it (lib/bet-preferences.ts does the same).
 */

export type Favourites = taiqiu.FavouritesView;
/** A match by its id, or a player by name as the matches show it. */
export type FavouriteTarget = { matchId: number } | { player: string };

/** How many the server keeps; one more is refused. */
export const MAX_FAVOURITES = taiqiu.MAX_FAVOURITES;

/** Starts with 'user': logout drops it. */
export const FAVOURITES_KEY = [USER_QUERY_KEY, 'taiqiu', 'favourites'] as const;
/** /home's list of the favourite matches (taiqiu/matches with favourites): read again when a star changes. */
export const FAVOURITE_MATCHES_KEY = [USER_QUERY_KEY, 'taiqiu', 'matches', 'favourites'] as const;

const EMPTY: Favourites = { matches: [], players: [] };

/** The player's favourites; `enabled` only with a session (a guest has none). */
export const useFavourites = (enabled: boolean) =>
  useQuery({
    queryKey: FAVOURITES_KEY,
    queryFn: () => call(routes.favourites, {}),
    staleTime: 5 * 60_000,
    enabled,
  });

export const isStarred = (f: Favourites | undefined, target: FavouriteTarget): boolean =>
  !!f && ('matchId' in target ? f.matches.includes(target.matchId) : f.players.includes(target.player));

/** How many favourites the player keeps (matches and players together). */
export const favouriteCount = (f: Favourites | undefined): number => (f ? f.matches.length + f.players.length : 0);

/** A match /home marks as a favourite: starred itself, or one of its players is. */
export const isFavouriteMatch = (
  f: Favourites | undefined,
  m: { id: number; playerA: { name: string }; playerB: { name: string } },
): boolean =>
  !!f && (f.matches.includes(m.id) || f.players.includes(m.playerA.name) || f.players.includes(m.playerB.name));

/** `f` with `target` starred (on) or not. */
export function withStar(f: Favourites, target: FavouriteTarget, on: boolean): Favourites {
  if (isStarred(f, target) === on) return f;
  if ('matchId' in target) {
    const matches = on ? [...f.matches, target.matchId] : f.matches.filter((id) => id !== target.matchId);
    return { ...f, matches };
  }
  const players = on ? [...f.players, target.player] : f.players.filter((p) => p !== target.player);
  return { ...f, players };
}

export interface StarChange {
  target: FavouriteTarget;
  on: boolean;
}

/**
 * Stars or unstars, shown at once: a failure puts the star back as it was (unless it was tapped
 * again since), then `onFailed` says why. The answer (the whole list) is kept when no other change
 * is under way.
 */
export function useSetFavourite(onFailed: (err: unknown) => void) {
  const qc = useQueryClient();
  const onlyOne = () => qc.isMutating({ mutationKey: FAVOURITES_KEY }) === 1;
  return useMutation({
    mutationKey: FAVOURITES_KEY,
    mutationFn: ({ target, on }: StarChange) => call(routes.favouriteSet, { ...target, on }),
    onMutate: async ({ target, on }) => {
      await qc.cancelQueries({ queryKey: FAVOURITES_KEY });
      qc.setQueryData<Favourites>(FAVOURITES_KEY, (f) => withStar(f ?? EMPTY, target, on));
    },
    onSuccess: (answer) => {
      if (onlyOne()) qc.setQueryData(FAVOURITES_KEY, answer);
      void qc.invalidateQueries({ queryKey: FAVOURITE_MATCHES_KEY });
    },
    onError: (err, { target, on }) => {
      const shown = qc.getQueryData<Favourites>(FAVOURITES_KEY);
      if (shown && isStarred(shown, target) === on) qc.setQueryData(FAVOURITES_KEY, withStar(shown, target, !on));
      onFailed(err);
    },
  });
}
