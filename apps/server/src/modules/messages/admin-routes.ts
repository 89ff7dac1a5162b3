import type { FastifyInstance } from 'fastify';
import { messagesAdmin } from '@breakshot/contracts';

import { adminRoute } from '../../platform/route.js';

import { listSentMessages, sendOperatorMessage, withdrawMessage } from './console.js';

/** Operator messages (an area of the operator plugin, which guards them). */
export async function messageAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, messagesAdmin.messageSend, async (input, op) => sendOperatorMessage(ctx, op.name, input));
  adminRoute(app, messagesAdmin.messagesSent, async (input) => listSentMessages(ctx.db, input));
  adminRoute(app, messagesAdmin.messageWithdraw, async ({ id }, op) => withdrawMessage(ctx, op.name, id));
}
