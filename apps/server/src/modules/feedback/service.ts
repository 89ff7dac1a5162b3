import { desc, eq, isNull } from 'drizzle-orm';
import { ErrorCode, feedback as contract, type PageRequest } from '@breakshot/contracts';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, lockKey, type Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { windowRetryAfter } from '../../platform/failure-lockout.js';
import { pageOf } from '../../platform/paging.js';
import { usernamesOf } from '../auth/service.js';
import { sendSystemMessage } from '../messages/service.js';
import { assertOwnUploads } from '../uploads/service.js';
import { feedback, type FeedbackRow } from './tables.js';

/*
 * Players' feedback (/user/fankui) and the operator's answers. A player sees only their own
 * feedback; an answer also reaches the player as a personal message.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Arbitrary constant: first key of the per-player advisory lock of feedback submissions. */
const FEEDBACK_LOCK = 7_204_931;

export type FeedbackInput = Omit<contract.FeedbackRequest, 'images'> & { images: string[] };

/**
 * Stores a player's feedback: images must be the player's own feedback uploads (else 400 naming
 * `images`); at most FEEDBACK_PER_DAY in 24 hours (then 429 with retryAfter).
 */
export async function submitFeedback(ctx: AppContext, userId: number, input: FeedbackInput): Promise<{ id: number }> {
  const now = ctx.now();
  return inTransaction(ctx.db, async (tx) => {
    // One submission of the player at a time, so concurrent ones cannot all pass the count.
    await lockKey(tx, FEEDBACK_LOCK, userId);
    const scope = eq(feedback.userId, userId);
    const retryAfter = await windowRetryAfter(tx, feedback.createdAt, scope, contract.FEEDBACK_PER_DAY, DAY_MS, now);
    if (retryAfter > 0) {
      throw new AppError(
        ErrorCode.TOO_MANY,
        'feedbackDailyLimit',
        { count: contract.FEEDBACK_PER_DAY },
        { retryAfter },
      );
    }
    await assertOwnUploads(tx, userId, input.images, 'feedback');
    const [row] = await tx
      .insert(feedback)
      .values({
        userId,
        type: input.type,
        content: input.content,
        images: input.images,
        contact: input.contact || null,
        createdAt: now,
      })
      .returning({ id: feedback.id });
    if (!row) throw new Error('feedback insert returned no row');
    return { id: row.id };
  });
}

/** The player's own feedback, newest first, with the answers. */
export function listOwnFeedback(db: Conn, userId: number, page: PageRequest) {
  const where = eq(feedback.userId, userId);
  return pageOf(
    page,
    (limit, offset) => db.select().from(feedback).where(where).orderBy(desc(feedback.id)).limit(limit).offset(offset),
    () => db.$count(feedback, where),
    toItem,
  );
}

/** Every player's feedback, newest first; `open`: only the unanswered. */
export async function listFeedbackForOperator(db: Conn, input: PageRequest & { open?: boolean | undefined }) {
  const where = input.open ? isNull(feedback.reply) : undefined;
  const page = await pageOf(
    input,
    (limit, offset) => db.select().from(feedback).where(where).orderBy(desc(feedback.id)).limit(limit).offset(offset),
    () => db.$count(feedback, where),
  );
  const names = await usernamesOf(
    db,
    page.list.map((r) => r.userId),
  );
  return { ...page, list: page.list.map((r) => toAdminItem(r, names.get(r.userId) ?? '')) };
}

/** Answers a feedback once; the player gets a message in the same transaction; audited. */
export async function replyFeedback(
  ctx: AppContext,
  operator: string,
  input: { id: number; reply: string },
): Promise<contract.AdminFeedback> {
  const row = await audited(
    ctx,
    operator,
    async (tx) => {
      const [was] = await tx.select().from(feedback).where(eq(feedback.id, input.id)).for('update');
      if (!was) throw new AppError(ErrorCode.NOT_FOUND, 'feedbackNotFound');
      if (was.reply !== null) throw new AppError(ErrorCode.CONFLICT, 'feedbackAnswered');
      const [now] = await tx
        .update(feedback)
        .set({ reply: input.reply, repliedBy: operator, repliedAt: ctx.now() })
        .where(eq(feedback.id, input.id))
        .returning();
      if (!now) throw new Error(`feedback ${input.id} vanished`);
      await sendSystemMessage(tx, ctx, now.userId, 'feedback_replied', { feedbackId: now.id });
      return now;
    },
    (r) => ({
      action: 'feedback.reply',
      target: String(r.id),
      payload: { userId: r.userId, reply: r.reply },
    }),
  );
  const names = await usernamesOf(ctx.db, [row.userId]);
  return toAdminItem(row, names.get(row.userId) ?? '');
}

function toItem(r: FeedbackRow): contract.FeedbackItem {
  return {
    id: r.id,
    type: r.type,
    content: r.content,
    images: r.images,
    contact: r.contact,
    createdAt: r.createdAt.toISOString(),
    reply: r.reply,
    repliedAt: r.repliedAt?.toISOString() ?? null,
  };
}

const toAdminItem = (r: FeedbackRow, username: string): contract.AdminFeedback => ({
  ...toItem(r),
  username,
  repliedBy: r.repliedBy,
});
