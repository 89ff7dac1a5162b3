import type { FastifyInstance } from 'fastify';
import { feedbackAdmin } from '@breakshot/contracts';

import { adminRoute } from '../../platform/route.js';
import { listFeedbackForOperator, replyFeedback } from './console.js';

/** Answering feedback (an area of the operator plugin, which guards it). */
export async function feedbackAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, feedbackAdmin.feedbackList, async (input) => listFeedbackForOperator(ctx.db, input));
  adminRoute(app, feedbackAdmin.feedbackReply, async (input, op) => replyFeedback(ctx, op.name, input));
}
