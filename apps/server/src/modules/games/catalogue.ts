import { and, asc, count, eq, notInArray } from 'drizzle-orm';
import { games as contract, type Lang } from '@breakshot/contracts';
import type { Conn, Db } from '../../platform/db.js';
import { shortCache } from '../../platform/short-cache.js';
import { gameProviders, games, type GameRow, type ProviderRow } from './tables.js';

/* Providers and their games: what the lobby shows and what the operator and the wallet look up. */

export interface ProviderInput {
  id: string;
  name: string;
  gameTypes: contract.LobbyGameType[];
  publicKey: string;
  launchUrl: string;
}

export interface GameInput {
  code: string;
  providerId: string;
  name: string;
  nameEn: string;
  gameType: contract.LobbyGameType;
  image: string;
  sort: number;
}

/**
 * Adds the provider or updates its details; whether it is enabled stays as the operator left it
 * (a new one starts enabled). Idempotent: modules call it at every start to register themselves.
 */
export async function ensureProvider(db: Conn, input: ProviderInput): Promise<ProviderRow> {
  const { id: _id, ...details } = input;
  const [row] = await db
    .insert(gameProviders)
    .values(input)
    .onConflictDoUpdate({ target: gameProviders.id, set: details })
    .returning();
  providersChanged(db);
  return row!;
}

/** Adds the game or updates its details, keeping whether the operator enabled it. */
export async function ensureGame(db: Conn, input: GameInput): Promise<GameRow> {
  const { code: _code, ...details } = input;
  const [row] = await db
    .insert(games)
    .values(input)
    .onConflictDoUpdate({ target: games.code, set: details })
    .returning();
  return row!;
}

export async function providerById(db: Conn, id: string): Promise<ProviderRow | undefined> {
  const [row] = await db.select().from(gameProviders).where(eq(gameProviders.id, id));
  return row;
}

/*
 * The providers' rows as every wallet call reads them first (known and enabled, the public key),
 * kept in memory a short while (platform/short-cache.ts): a save on this instance clears them at
 * once (providersChanged). A bet still reads its game, token and player in its own transaction.
 */
const providerCache = shortCache(5_000, providerById, (row) => row !== undefined);

/** providerById, from memory when read less than 5 s before `now` (an unknown id is never kept). */
export function cachedProvider(db: Db, id: string, now: Date): Promise<ProviderRow | undefined> {
  return providerCache.get(db, id, now.getTime());
}

/** A provider was saved through `db` (a transaction: call it with the database once committed). */
export const providersChanged = (db: Conn): void => providerCache.saved(db);

export async function gameByCode(db: Conn, code: string): Promise<GameRow | undefined> {
  const [row] = await db.select().from(games).where(eq(games.code, code));
  return row;
}

/** Enabled games of enabled providers, leaving out the providers not served here (see gameRoutes). */
const playable = (notServed: readonly string[]) =>
  and(eq(games.enabled, true), eq(gameProviders.enabled, true), notInArray(gameProviders.id, [...notServed]));

/** A game with its provider, both enabled and served here, or undefined. */
export async function playableGame(
  db: Conn,
  code: string,
  notServed: readonly string[],
): Promise<{ game: GameRow; provider: ProviderRow } | undefined> {
  const [row] = await db
    .select({ game: games, provider: gameProviders })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(and(eq(games.code, code), playable(notServed)));
  return row;
}

/** An enabled game of this provider (the wallet's game_code), or undefined. */
export async function providerGame(db: Conn, providerId: string, code: string): Promise<GameRow | undefined> {
  const [row] = await db
    .select()
    .from(games)
    .where(and(eq(games.code, code), eq(games.providerId, providerId), eq(games.enabled, true)));
  return row;
}

/** The game's name in the reader's language. */
export const gameName = (game: Pick<GameRow, 'name' | 'nameEn'>, lang: Lang) =>
  lang === 'en' ? game.nameEn : game.name;

/** The lobby: the playable games by category, each sorted by sort then code. */
export async function lobby(db: Conn, lang: Lang, notServed: readonly string[]) {
  const rows = await db
    .select({ game: games, providerName: gameProviders.name })
    .from(games)
    .innerJoin(gameProviders, eq(gameProviders.id, games.providerId))
    .where(playable(notServed))
    .orderBy(asc(games.sort), asc(games.code));
  const categories = contract.lobbyGameTypes.map((gameType) => ({
    gameType,
    games: rows
      .filter((r) => r.game.gameType === gameType)
      .map(({ game, providerName }) => ({
        code: game.code,
        name: gameName(game, lang),
        gameType,
        providerId: game.providerId,
        providerName,
        image: game.image,
      })),
  }));
  return { categories: categories.filter((c) => c.games.length > 0) };
}

/** Every provider with how many games it has, by id. */
export async function providersWithGameCounts(db: Conn) {
  const [providers, counts] = await Promise.all([
    db.select().from(gameProviders).orderBy(asc(gameProviders.id)),
    db.select({ providerId: games.providerId, n: count() }).from(games).groupBy(games.providerId),
  ]);
  const byProvider = new Map(counts.map((c) => [c.providerId, c.n]));
  return providers.map((p) => ({ ...p, games: byProvider.get(p.id) ?? 0 }));
}

/** Every provider's name, by id. */
export async function providerNames(db: Conn): Promise<Map<string, string>> {
  const rows = await db.select({ id: gameProviders.id, name: gameProviders.name }).from(gameProviders);
  return new Map(rows.map((r) => [r.id, r.name]));
}
