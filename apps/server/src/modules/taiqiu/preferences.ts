import { inArray } from 'drizzle-orm';
import type { taiqiu } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Conn } from '../../platform/db.js';
import { preferences } from './tables.js';

/** The player's price-change preference for pending bets (none until set). */
export async function oddsChangeOf(db: Conn, userId: number): Promise<taiqiu.OddsChange> {
  return (await oddsChangesOf(db, [userId])).get(userId)!;
}

/** The players' preferences, by player: each of them, none for one who never set it. */
export async function oddsChangesOf(db: Conn, userIds: number[]): Promise<Map<number, taiqiu.OddsChange>> {
  const rows = await db
    .select({ userId: preferences.userId, oddsChange: preferences.oddsChange })
    .from(preferences)
    .where(inArray(preferences.userId, [...new Set(userIds)]));
  const set = new Map(rows.map((r) => [r.userId, r.oddsChange]));
  return new Map(userIds.map((id) => [id, set.get(id) ?? 'none']));
}

export async function setOddsChange(ctx: AppContext, userId: number, oddsChange: taiqiu.OddsChange) {
  await ctx.db
    .insert(preferences)
    .values({ userId, oddsChange, updatedAt: ctx.now() })
    .onConflictDoUpdate({ target: preferences.userId, set: { oddsChange, updatedAt: ctx.now() } });
  return { oddsChange };
}
