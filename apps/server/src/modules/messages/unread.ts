import { and, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { inbox } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { isAnyOf, queryRows, type Conn, type Tx } from '../../platform/db.js';
import { publishedNoticeIds } from '../content/service.js';
import { messages, messageStates, noticeReads } from './tables.js';

/** What a player sees of the messages, and how many of them are unread. */

/** MESSAGE_RECEIVED with each player's unread counts, delivered when the transaction commits. */
export async function notifyReceived(tx: Tx, ctx: AppContext, userIds: number[]): Promise<void> {
  for (const [userId, unread] of await unreadCountsOf(tx, userIds, ctx.now()))
    await ctx.live.notifyUser(userId, { type: 'MESSAGE_RECEIVED', unread }, tx);
}

/** The player's own messages and the broadcasts, not withdrawn. */
const addressedTo = (userId: Player) =>
  and(or(eq(messages.userId, userId), isNull(messages.userId)), isNull(messages.withdrawnAt));

/** A player: their id, or a column holding it (a query over many players). */
type Player = number | SQL;

/** Joins the player's marks to each message (none: unread and kept). */
export const statesOf = (userId: Player) =>
  and(eq(messageStates.messageId, messages.id), eq(messageStates.userId, userId));

/** Messages the player sees: addressed to them and not deleted by them. */
export const visibleTo = (userId: Player, more?: SQL) =>
  and(addressedTo(userId), isNull(messageStates.deletedAt), more);

export async function unreadCounts(db: Conn, userId: number, now: Date): Promise<inbox.UnreadCounts> {
  return (await unreadCountsOf(db, [userId], now)).get(userId)!;
}

/** Each player's unread counts, in two statements however many players (a batch's messages). */
export async function unreadCountsOf(db: Conn, userIds: number[], now: Date): Promise<Map<number, inbox.UnreadCounts>> {
  const noticeIds = await publishedNoticeIds(db, now);
  const player = sql`u.id`;
  const unreadMessages = db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .leftJoin(messageStates, statesOf(player))
    .where(visibleTo(player, isNull(messageStates.readAt)));
  const readNotices = noticeIds.length
    ? db
        .select({ n: sql<number>`count(*)::int` })
        .from(noticeReads)
        .where(and(eq(noticeReads.userId, player), isAnyOf(noticeReads.noticeId, noticeIds)))
    : sql`0`;
  const rows = await queryRows<{ user_id: number; message: number; read_notices: number }>(
    db,
    sql`SELECT u.id::int AS user_id, (${unreadMessages}) AS message, (${readNotices}) AS read_notices
        FROM unnest(${`{${[...new Set(userIds)].join(',')}}`}::bigint[]) AS u(id)`,
  );
  return new Map(
    rows.map((r) => {
      const notice = noticeIds.length - r.read_notices;
      return [r.user_id, { notice, message: r.message, total: notice + r.message }];
    }),
  );
}
