import type { games } from '@breakshot/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call, ref } from '../../../lib/http';
import type { Language } from '../../../lib/i18n';

/** Light reference: keeps zod out of the lobby's chunk (api/refs.test.ts checks it). */
export const gameListRef = ref<typeof games.list>('POST', '/game/list');

export type GameTile = games.GameTile;
export type LobbyGameType = games.LobbyGameType;

/** The lobby's games by category; names come in the request's language. */
export const gameListQuery = (lang: Language) =>
  queryOptions({
    queryKey: ['games', 'list', lang] as const,
    queryFn: async () => {
      const { categories } = await call(gameListRef, {});
      return new Map(categories.map((c) => [c.gameType, c.games]));
    },
    staleTime: 60_000,
  });
