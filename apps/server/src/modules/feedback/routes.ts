import type { FastifyInstance } from 'fastify';
import { feedback } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { adminRoute, route } from '../../platform/route.js';
import { listFeedbackForOperator, listOwnFeedback, replyFeedback, submitFeedback } from './service.js';

/** The player's feedback and its answers. */
export async function feedbackRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  route(app, feedback.userSuggestion, async (input, req) => submitFeedback(ctx, sessionUser(req).userId, input));
  route(app, feedback.suggestionList, async (input, req) => listOwnFeedback(ctx.db, sessionUser(req).userId, input));
}

/** Answering feedback (an area of the operator plugin, which guards it). */
export async function feedbackAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, feedback.feedbackList, async (input) => listFeedbackForOperator(ctx.db, input));
  adminRoute(app, feedback.feedbackReply, async (input, op) => replyFeedback(ctx, op.name, input));
}
