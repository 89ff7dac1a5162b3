import type { FastifyInstance } from 'fastify';
import { feedback } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { route } from '../../platform/route.js';
import { listOwnFeedback, submitFeedback } from './service.js';

/** The player's feedback and its answers. */
export async function feedbackRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  route(app, feedback.userSuggestion, async (input, req) => submitFeedback(ctx, sessionUser(req).userId, input));
  route(app, feedback.suggestionList, async (input, req) => listOwnFeedback(ctx.db, sessionUser(req).userId, input));
}
