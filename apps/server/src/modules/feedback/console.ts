import { desc, eq, isNull } from 'drizzle-orm';
import { ErrorCode, type feedbackAdmin, type PageRequest } from '@breakshot/contracts';
import { audited } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { pageOf } from '../../platform/paging.js';
import { usernamesOf } from '../auth/service.js';
import { sendSystemMessage } from '../messages/service.js';
import { feedback, type FeedbackRow } from './tables.js';
import { feedbackView } from './views.js';

/* The operator's side of feedback: every player's, and the one answer each gets (also a personal message). */

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
): Promise<feedbackAdmin.AdminFeedback> {
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

const toAdminItem = (r: FeedbackRow, username: string): feedbackAdmin.AdminFeedback => ({
  ...feedbackView(r),
  username,
  repliedBy: r.repliedBy,
});
