import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Conn, Tx } from '../../platform/db.js';
import { playerTags } from './tables.js';

/*
 * A player's tags, set by risk (docs/design.md §9, "Player risk"). The console shows them beside
 * the player wherever bets and withdrawals are reviewed, and the ticker filters by one.
 */

/** Each player's tags, in the order they were given; players without a tag are absent. */
export async function tagsOf(db: Conn, userIds: number[]): Promise<Map<number, string[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: playerTags.userId, tag: playerTags.tag })
    .from(playerTags)
    .where(inArray(playerTags.userId, userIds))
    .orderBy(asc(playerTags.taggedAt), asc(playerTags.tag));
  const tags = new Map<number, string[]>();
  for (const r of rows) tags.set(r.userId, [...(tags.get(r.userId) ?? []), r.tag]);
  return tags;
}

/** A condition on a player id column: the player has the tag. */
export const hasTag = (userId: SQL, tag: string): SQL =>
  sql`${userId} IN (SELECT user_id FROM ${playerTags} WHERE tag = ${tag})`;

/** Makes the player's tags these: new ones added as given by the operator now, the rest kept as they were. */
export async function replaceTags(tx: Tx, userId: number, tags: string[], by: string, at: Date): Promise<void> {
  const gone = tags.length === 0 ? undefined : notInArray(playerTags.tag, tags);
  await tx.delete(playerTags).where(and(eq(playerTags.userId, userId), gone));
  if (tags.length === 0) return;
  await tx
    .insert(playerTags)
    .values(tags.map((tag) => ({ userId, tag, taggedBy: by, taggedAt: at })))
    .onConflictDoNothing();
}
