import { eq } from 'drizzle-orm';
import type { taiqiu } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Conn } from '../../platform/db.js';
import { preferences } from './tables.js';

/** The player's price-change preference for pending bets (none until set). */
export async function oddsChangeOf(db: Conn, userId: number): Promise<taiqiu.OddsChange> {
  const [row] = await db
    .select({ oddsChange: preferences.oddsChange })
    .from(preferences)
    .where(eq(preferences.userId, userId));
  return row?.oddsChange ?? 'none';
}

export async function setOddsChange(ctx: AppContext, userId: number, oddsChange: taiqiu.OddsChange) {
  await ctx.db
    .insert(preferences)
    .values({ userId, oddsChange, updatedAt: ctx.now() })
    .onConflictDoUpdate({ target: preferences.userId, set: { oddsChange, updatedAt: ctx.now() } });
  return { oddsChange };
}
