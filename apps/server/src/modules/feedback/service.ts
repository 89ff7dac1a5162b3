import { desc, eq } from 'drizzle-orm';
import { ErrorCode, feedback as contract, type PageRequest } from '@breakshot/contracts';
import type { AppContext } from '../../platform/context.js';
import { inTransaction, lockKey, type Conn } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { windowRetryAfter } from '../../platform/failure-lockout.js';
import { pageOf } from '../../platform/paging.js';
import { assertOwnUploads } from '../uploads/service.js';
import { feedback } from './tables.js';
import { feedbackView } from './views.js';

/*
 * Players' feedback (/user/fankui); the operator's answers are in console.ts. A player sees only
 * their own feedback.
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
    feedbackView,
  );
}
