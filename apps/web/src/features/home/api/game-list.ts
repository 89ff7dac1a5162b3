import * as routes from '@breakshot/client/routes';
import type { games } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/http';
import type { Language } from '../../../lib/i18n';

export type GameTile = games.GameTile;
export type LobbyGameType = games.LobbyGameType;

/** The lobby's games by category; names come in the request's language. */
export const gameListQuery = (lang: Language) =>
  queryOptions({
    queryKey: ['games', 'list', lang] as const,
    queryFn: async () => {
      const { categories } = await call(routes.games.list, {});
      return new Map(categories.map((c) => [c.gameType, c.games]));
    },
    staleTime: 60_000,
  });
