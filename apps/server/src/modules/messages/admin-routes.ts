import type { FastifyInstance } from 'fastify';
import { inbox } from '@breakshot/contracts';

import { adminRoute } from '../../platform/route.js';

import { listSentMessages, sendOperatorMessage, withdrawMessage } from './service.js';

/** Operator messages (an area of the operator plugin, which guards them). */
export async function messageAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, inbox.messageSend, async (input, op) => sendOperatorMessage(ctx, op.name, input));
  adminRoute(app, inbox.messagesSent, async (input) => listSentMessages(ctx.db, input));
  adminRoute(app, inbox.messageWithdraw, async ({ id }, op) => withdrawMessage(ctx, op.name, id));
}
