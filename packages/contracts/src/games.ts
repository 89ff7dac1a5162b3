import { z } from 'zod';
import { defineCall, envelope } from './common.js';
import { str } from './fields.js';

/*
 * Provider games (电子 slots, 棋牌 poker; docs/design.md §8, docs/screens.md /home): the lobby, launching a
 * game; the operator's providers and catalogue are in games-admin.ts. The providers' own calls (the seamless
 * wallet) are in hub88.ts.
 */

/** Lobby categories of provider games (billiards has its own section on /home). */
export const lobbyGameTypes = ['slots', 'poker'] as const;
export const lobbyGameType = z.enum(lobbyGameTypes, { error: 'invalid' });
export type LobbyGameType = z.infer<typeof lobbyGameType>;

export const gameCode = str().trim().min(1, 'required').max(64, 'too_long');

export const gameTile = z.object({
  code: z.string(),
  /** In the request's language. */
  name: z.string(),
  gameType: lobbyGameType,
  providerId: z.string(),
  providerName: z.string(),
  /** Tile picture: a URL of this site or the provider's. */
  image: z.string(),
});
export type GameTile = z.infer<typeof gameTile>;

/** Enabled games of enabled providers, by category (a category without games is left out). */
export const list = defineCall({
  method: 'POST',
  path: '/game/list',
  auth: false,
  request: z.object({}).strict(),
  response: envelope(
    z.object({ categories: z.array(z.object({ gameType: lobbyGameType, games: z.array(gameTile) })) }),
  ),
});

/**
 * Makes a launch token (tied to the player, the game and the site currency) and answers the
 * provider's URL that opens the game with it. A disabled game or provider: 422; a locked or
 * self-excluded account: 403.
 */
export const launch = defineCall({
  method: 'POST',
  path: '/game/launch',
  auth: true,
  request: z.object({ gameCode }).strict(),
  response: envelope(z.object({ url: z.string(), gameCode: z.string(), name: z.string() })),
});
