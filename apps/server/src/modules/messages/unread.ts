import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { inbox } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import type { Conn, Tx } from '../../platform/db.js';
import { publishedNoticeIds } from '../content/service.js';
import { messages, messageStates, noticeReads } from './tables.js';

/** What a player sees of the messages, and how many of them are unread. */

/** MESSAGE_RECEIVED with the player's unread counts, delivered when the transaction commits. */
export async function notifyReceived(tx: Tx, ctx: AppContext, userId: number): Promise<void> {
  const unread = await unreadCounts(tx, userId, ctx.now());
  await ctx.live.notifyUser(userId, { type: 'MESSAGE_RECEIVED', unread }, tx);
}

/** The player's own messages and the broadcasts, not withdrawn. */
const addressedTo = (userId: number) =>
  and(or(eq(messages.userId, userId), isNull(messages.userId)), isNull(messages.withdrawnAt));

/** Joins the player's marks to each message (none: unread and kept). */
export const statesOf = (userId: number) =>
  and(eq(messageStates.messageId, messages.id), eq(messageStates.userId, userId));

/** Messages the player sees: addressed to them and not deleted by them. */
export const visibleTo = (userId: number, more?: SQL) =>
  and(addressedTo(userId), isNull(messageStates.deletedAt), more);

export async function unreadCounts(db: Conn, userId: number, now: Date): Promise<inbox.UnreadCounts> {
  const [[row], noticeIds] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .leftJoin(messageStates, statesOf(userId))
      .where(visibleTo(userId, isNull(messageStates.readAt))),
    publishedNoticeIds(db, now),
  ]);
  const readNotices = noticeIds.length
    ? await db.$count(noticeReads, and(eq(noticeReads.userId, userId), inArray(noticeReads.noticeId, noticeIds)))
    : 0;
  const message = row?.n ?? 0;
  const notice = noticeIds.length - readNotices;
  return { notice, message, total: notice + message };
}
