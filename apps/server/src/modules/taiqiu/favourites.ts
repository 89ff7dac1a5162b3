import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { ErrorCode, taiqiu } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, queryRows, type Conn, type Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { favourites, matches } from './tables.js';

/** Arbitrary constant: first key of the per-player advisory lock of favourite changes (the cap holds under repeats). */
const FAVOURITES_LOCK = 7_204_951;

/** taiqiu/favourites: the matches and players the player has starred, oldest first. */
export async function favouritesOf(db: Conn, userId: number): Promise<taiqiu.FavouritesView> {
  const rows = await db
    .select({ matchId: favourites.matchId, player: favourites.player })
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(asc(favourites.createdAt));
  return {
    matches: rows.flatMap((r) => (r.matchId === null ? [] : [r.matchId])),
    players: rows.flatMap((r) => (r.player === null ? [] : [r.player])),
  };
}

/** The players who starred the match or one of its two players. */
export async function fansOf(db: Conn, m: { matchId: number; playerA: string; playerB: string }): Promise<number[]> {
  const rows = await db
    .selectDistinct({ userId: favourites.userId })
    .from(favourites)
    .where(or(eq(favourites.matchId, m.matchId), inArray(favourites.player, [m.playerA, m.playerB])));
  return rows.map((r) => r.userId);
}

export type FavouriteChange = { matchId?: number | undefined; player?: string | undefined; on: boolean };

/** taiqiu/favourites/set: stars or unstars one match or player; the list as it then is. */
export async function setFavourite(ctx: AppContext, userId: number, change: FavouriteChange) {
  await inTransaction(ctx.db, async (tx) => {
    await queryRows(tx, sql`SELECT pg_advisory_xact_lock(${FAVOURITES_LOCK}, ${userId}::int)`);
    const mine = and(
      eq(favourites.userId, userId),
      change.matchId !== undefined ? eq(favourites.matchId, change.matchId) : eq(favourites.player, change.player!),
    );
    if (!change.on) {
      await tx.delete(favourites).where(mine);
      return;
    }
    // Starred already: nothing to do, even at the cap.
    if ((await tx.$count(favourites, mine)) > 0) return;
    if (change.matchId !== undefined) await mustExist(tx, change.matchId);
    await mustHaveRoom(tx, userId);
    await tx
      .insert(favourites)
      .values({ userId, matchId: change.matchId ?? null, player: change.player ?? null, createdAt: ctx.now() })
      .onConflictDoNothing();
  });
  return favouritesOf(ctx.db, userId);
}

async function mustExist(tx: Tx, matchId: number): Promise<void> {
  const [m] = await tx.select({ id: matches.id }).from(matches).where(eq(matches.id, matchId));
  if (!m) throw new AppError(ErrorCode.NOT_FOUND, 'matchNotFound', undefined, { field: 'matchId' });
}

async function mustHaveRoom(tx: Tx, userId: number): Promise<void> {
  if ((await tx.$count(favourites, eq(favourites.userId, userId))) >= taiqiu.MAX_FAVOURITES) {
    throw new AppError(ErrorCode.UNPROCESSABLE, 'favouritesFull', { max: taiqiu.MAX_FAVOURITES });
  }
}
