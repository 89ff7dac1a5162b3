import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ErrorCode, type inbox, type Lang, type PageRequest } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, type Conn, type Db, type Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { pageOf } from '../../platform/paging.js';
import { listNotices, noticeDetails, publishedNoticeIds } from '../content/service.js';
import { getSysConfig } from '../system/service.js';
import { notifyReceived, statesOf, unreadCounts, visibleTo } from './unread.js';
import { operatorTexts, renderSystemMessage, type Params, type SystemKind } from './templates.js';
import { messages, messageStates, noticeReads, type MessageRow } from './tables.js';

/*
 * The player's inbox. Tab 通知: the published announcements of the content module, with this
 * player's read marks (notice_reads). Tab 消息: personal messages, the player's own and the
 * broadcasts (user_id null), with this player's read and deleted marks (message_states). Every
 * query is scoped by the session's user id; another player's message is simply not found.
 */

type UnreadCounts = inbox.UnreadCounts;
type InboxItem = inbox.InboxItem;

/**
 * Writes a system message to a player in the caller's transaction (the business event's), and
 * tells the player's live connections after commit (MESSAGE_RECEIVED with the unread counts), and
 * announces it (`message.sent`).
 * The texts are the kind's templates (templates.ts), rendered in the reader's language.
 */
export async function sendSystemMessage(
  tx: Tx,
  ctx: AppContext,
  userId: number,
  kind: SystemKind,
  params: Params,
): Promise<void> {
  await sendSystemMessages(tx, ctx, [{ userId, kind, params }]);
}

/** sendSystemMessage of many (a batch's deposits): one insert, one read of the unread counts. */
export async function sendSystemMessages(
  tx: Tx,
  ctx: AppContext,
  sent: { userId: number; kind: SystemKind; params: Params }[],
): Promise<void> {
  if (sent.length === 0) return;
  const createdAt = ctx.now();
  const rows = await tx
    .insert(messages)
    .values(sent.map((m) => ({ ...m, createdAt })))
    .returning({ id: messages.id, userId: messages.userId, kind: messages.kind });
  await notifyReceived(
    tx,
    ctx,
    sent.map((m) => m.userId),
  );
  for (const row of rows)
    await ctx.events.emit(tx, ctx, 'message.sent', {
      userId: row.userId,
      messageId: row.id,
      kind: row.kind,
      title: null,
    });
}

/** A tab's items, newest first, or with `id` that one item with its body. */
export async function listInbox(
  db: Conn,
  userId: number,
  input: PageRequest & { tab: inbox.InboxTab; id?: number | undefined },
  lang: Lang,
  now: Date,
): Promise<{ list: InboxItem[]; total: number; page: number; pageSize: number }> {
  return input.tab === 'notice'
    ? listAnnouncements(db, userId, input, lang, now)
    : listMessages(db, userId, input, lang);
}

async function listAnnouncements(
  db: Conn,
  userId: number,
  input: PageRequest & { id?: number | undefined },
  lang: Lang,
  now: Date,
) {
  if (input.id !== undefined) {
    const notice = await noticeDetails(db, input.id, lang, now);
    if (notice.type !== 'notice') throw new AppError(ErrorCode.NOT_FOUND, 'noticeNotFound');
    const read = await readNoticeIds(db, userId, [notice.id]);
    return { list: [{ ...announcement(notice, read), body: notice.body }], total: 1, page: 1, pageSize: 1 };
  }
  const page = await listNotices(db, { ...input, type: 'notice' }, lang, now);
  const read = await readNoticeIds(
    db,
    userId,
    page.list.map((n) => n.id),
  );
  return { ...page, list: page.list.map((n) => announcement(n, read)) };
}

function announcement(
  n: { id: number; title: string; summary: string; link: string | null; publishedAt: string },
  read: Set<number>,
): InboxItem {
  return {
    id: n.id,
    tab: 'notice',
    kind: 'notice',
    title: n.title,
    summary: n.summary,
    link: n.link,
    createdAt: n.publishedAt,
    read: read.has(n.id),
  };
}

async function readNoticeIds(db: Conn, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: noticeReads.noticeId })
    .from(noticeReads)
    .where(and(eq(noticeReads.userId, userId), inArray(noticeReads.noticeId, ids)));
  return new Set(rows.map((r) => r.id));
}

async function listMessages(db: Conn, userId: number, input: PageRequest & { id?: number | undefined }, lang: Lang) {
  const { currencySymbol } = await getSysConfig(db);
  const where = visibleTo(userId, input.id === undefined ? undefined : eq(messages.id, input.id));
  const page = await pageOf(
    input,
    (limit, offset) =>
      db
        .select({ message: messages, readAt: messageStates.readAt })
        .from(messages)
        .leftJoin(messageStates, statesOf(userId))
        .where(where)
        .orderBy(desc(messages.id))
        .limit(limit)
        .offset(offset),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(messages)
        .leftJoin(messageStates, statesOf(userId))
        .where(where)
        .then((rows) => rows[0]?.n ?? 0),
    (r) => messageItem(r.message, r.readAt !== null, lang, currencySymbol, input.id !== undefined),
  );
  if (input.id !== undefined && page.list.length === 0) throw new AppError(ErrorCode.NOT_FOUND, 'messageNotFound');
  return page;
}

function messageItem(m: MessageRow, read: boolean, lang: Lang, symbol: string, withBody: boolean): InboxItem {
  const shown = m.kind === 'operator' ? operatorTexts(m, lang) : renderSystemMessage(m.kind, m.params, lang, symbol);
  return {
    id: m.id,
    tab: 'message',
    kind: m.kind,
    title: shown.title,
    summary: shown.summary,
    link: shown.link,
    createdAt: m.createdAt.toISOString(),
    read,
    ...(withBody ? { body: shown.body } : {}),
  };
}

/**
 * Marks items read for this player: `ids` (each must be one the player sees, else 404 and
 * nothing is marked) or `all` of the tab. Returns the unread counts after.
 */
export async function markRead(
  db: Db,
  userId: number,
  input: { tab: inbox.InboxTab; ids?: number[] | undefined; all?: true | undefined },
  now: Date,
): Promise<UnreadCounts> {
  await inTransaction(db, async (tx) => {
    if (input.tab === 'notice') {
      const published = await publishedNoticeIds(tx, now);
      const ids = input.ids ? unique(input.ids) : published;
      if (ids.some((id) => !published.includes(id))) throw new AppError(ErrorCode.NOT_FOUND, 'noticeNotFound');
      if (ids.length === 0) return;
      await tx
        .insert(noticeReads)
        .values(ids.map((noticeId) => ({ userId, noticeId, readAt: now })))
        .onConflictDoNothing();
      return;
    }
    const ids = input.ids ? await visibleIds(tx, userId, unique(input.ids)) : await unreadIds(tx, userId);
    await upsertStates(tx, userId, ids, { readAt: now });
  });
  return unreadCounts(db, userId, now);
}

/** Deletes personal messages for this player only (each must be one the player sees, else 404). */
export async function deleteMessages(db: Db, userId: number, ids: number[], now: Date): Promise<UnreadCounts> {
  await inTransaction(db, async (tx) => {
    await upsertStates(tx, userId, await visibleIds(tx, userId, unique(ids)), { deletedAt: now });
  });
  return unreadCounts(db, userId, now);
}

/** The ids, when the player sees every one of them; else 404. */
async function visibleIds(tx: Tx, userId: number, ids: number[]): Promise<number[]> {
  const rows = await tx
    .select({ id: messages.id })
    .from(messages)
    .leftJoin(messageStates, statesOf(userId))
    .where(visibleTo(userId, inArray(messages.id, ids)));
  if (rows.length !== ids.length) throw new AppError(ErrorCode.NOT_FOUND, 'messageNotFound');
  return ids;
}

async function unreadIds(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: messages.id })
    .from(messages)
    .leftJoin(messageStates, statesOf(userId))
    .where(visibleTo(userId, isNull(messageStates.readAt)));
  return rows.map((r) => r.id);
}

/** Sets a mark on the player's state rows, keeping the earlier time of a mark already set. */
async function upsertStates(
  tx: Tx,
  userId: number,
  ids: number[],
  mark: { readAt: Date } | { deletedAt: Date },
): Promise<void> {
  if (ids.length === 0) return;
  const set =
    'readAt' in mark
      ? { readAt: sql`coalesce(${messageStates.readAt}, excluded.read_at)` }
      : { deletedAt: sql`coalesce(${messageStates.deletedAt}, excluded.deleted_at)` };
  await tx
    .insert(messageStates)
    .values(ids.map((messageId) => ({ userId, messageId, ...mark })))
    .onConflictDoUpdate({ target: [messageStates.userId, messageStates.messageId], set });
}

const unique = (ids: number[]) => [...new Set(ids)];

export { unreadCounts } from './unread.js';
export { systemMessageTitle } from './templates.js';
