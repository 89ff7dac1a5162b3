import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { ErrorCode, type messagesAdmin, type PageRequest } from '@breakshot/contracts';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { pageOf } from '../../platform/paging.js';
import { findPlayer, usernamesOf } from '../auth/service.js';
import { paragraphs, sanitizeHtml } from '../content/service.js';
import { notifyReceived } from './unread.js';
import { messages, messageStates, type MessageRow } from './tables.js';

/*
 * Operator messages: to one player or to every player (one row, whatever the number of
 * players), the list of what was sent with how many players read it, and withdrawing one.
 */

export interface OperatorMessageInput {
  audience: 'all' | 'player';
  username?: string | undefined;
  title: string;
  body: string;
  titleEn?: string | undefined;
  bodyEn?: string | undefined;
}

/** HTML is sanitized; plain text (no tag) keeps its paragraphs and line breaks. */
const richText = (text: string) => (/<[a-zA-Z][^>]*>/.test(text) ? sanitizeHtml(text) : paragraphs(text));

export async function sendOperatorMessage(
  ctx: AppContext,
  operator: string,
  input: OperatorMessageInput,
): Promise<messagesAdmin.SentMessage> {
  const { row, username } = await audited(
    ctx,
    operator,
    async (tx) => {
      const player = input.audience === 'player' ? await findPlayer(tx, input.username ?? '') : undefined;
      if (input.audience === 'player' && !player)
        throw new AppError(ErrorCode.NOT_FOUND, 'userNotFound', undefined, { field: 'username' });
      const [inserted] = await tx
        .insert(messages)
        .values({
          userId: player?.id ?? null,
          kind: 'operator',
          title: input.title,
          body: richText(input.body),
          titleEn: input.titleEn || null,
          bodyEn: input.titleEn && input.bodyEn ? richText(input.bodyEn) : null,
          sentBy: operator,
          createdAt: ctx.now(),
        })
        .returning();
      if (!inserted) throw new Error('message insert returned no row');
      if (player) await notifyReceived(tx, ctx, [player.id]);
      // Each player's count differs: the apps ask for theirs.
      else await ctx.live.notifyPlayers({ type: 'MESSAGE_RECEIVED' }, tx);
      await ctx.events.emit(tx, ctx, 'message.sent', {
        userId: inserted.userId,
        messageId: inserted.id,
        kind: 'operator',
        title: inserted.title,
      });
      return { row: inserted, username: player?.username ?? null };
    },
    ({ row, username }) => ({
      action: 'message.send',
      target: String(row.id),
      payload: { to: username ?? 'all', title: row.title },
    }),
  );
  return sent(row, username, 0);
}

export async function listSentMessages(db: Conn, page: PageRequest) {
  const where = eq(messages.kind, 'operator');
  const result = await pageOf(
    page,
    (limit, offset) =>
      db
        .select({ message: messages, readCount: readCount() })
        .from(messages)
        .where(where)
        .orderBy(desc(messages.id))
        .limit(limit)
        .offset(offset),
    () => db.$count(messages, where),
  );
  const names = await usernamesOf(
    db,
    result.list.flatMap((r) => (r.message.userId === null ? [] : [r.message.userId])),
  );
  return {
    ...result,
    list: result.list.map((r) =>
      sent(r.message, r.message.userId === null ? null : (names.get(r.message.userId) ?? ''), r.readCount),
    ),
  };
}

export async function withdrawMessage(
  ctx: AppContext,
  operator: string,
  id: number,
): Promise<messagesAdmin.SentMessage> {
  const { after, readers } = await audited(
    ctx,
    operator,
    async (tx) => {
      const where = and(eq(messages.id, id), eq(messages.kind, 'operator'));
      const [was] = await tx.select().from(messages).where(where).for('update');
      if (!was) throw new AppError(ErrorCode.NOT_FOUND, 'messageNotFound');
      await tx
        .update(messages)
        .set({ withdrawnAt: was.withdrawnAt ?? ctx.now() })
        .where(where);
      const [now] = await tx.select({ message: messages, readCount: readCount() }).from(messages).where(where);
      if (!now) throw new Error(`message ${id} vanished`);
      return { before: was, after: now.message, readers: now.readCount };
    },
    ({ before, after }) => ({
      action: 'message.withdraw',
      target: String(id),
      payload: { title: after.title },
      before: { withdrawnAt: before.withdrawnAt?.toISOString() ?? null },
      after: { withdrawnAt: after.withdrawnAt?.toISOString() ?? null },
    }),
  );
  const names = after.userId === null ? null : await usernamesOf(ctx.db, [after.userId]);
  return sent(after, after.userId === null ? null : (names?.get(after.userId) ?? ''), readers);
}

/** How many players marked the message read. */
const readCount = () =>
  sql<number>`(SELECT count(*)::int FROM ${messageStates} WHERE ${messageStates.messageId} = ${messages.id} AND ${isNotNull(messageStates.readAt)})`;

function sent(m: MessageRow, username: string | null, readers: number): messagesAdmin.SentMessage {
  return {
    id: m.id,
    username,
    title: m.title ?? '',
    titleEn: m.titleEn,
    body: m.body ?? '',
    sentBy: m.sentBy ?? '',
    createdAt: m.createdAt.toISOString(),
    readCount: readers,
    withdrawnAt: m.withdrawnAt?.toISOString() ?? null,
  };
}
