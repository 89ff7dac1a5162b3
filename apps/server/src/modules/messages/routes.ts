import type { FastifyInstance } from 'fastify';
import { inbox } from '@breakshot/contracts';
import { requestLang } from '../../platform/lang.js';
import { adminRoute, route } from '../../platform/route.js';
import { sessionUser } from '../../platform/auth-hook.js';
import {
  deleteMessages,
  listInbox,
  listSentMessages,
  markRead,
  sendOperatorMessage,
  unreadCounts,
  withdrawMessage,
} from './service.js';

/** The player's inbox: announcements and personal messages with each player's own marks. */
export async function messageRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  route(app, inbox.userMessage, async (input, req) =>
    listInbox(ctx.db, sessionUser(req).userId, input, requestLang(req), ctx.now()),
  );
  route(app, inbox.userMessageAsRead, async (input, req) =>
    markRead(ctx.db, sessionUser(req).userId, input, ctx.now()),
  );
  route(app, inbox.userMessageAsDelete, async (input, req) =>
    deleteMessages(ctx.db, sessionUser(req).userId, input.ids, ctx.now()),
  );
  route(app, inbox.userMessageUnreadCount, async (_input, req) =>
    unreadCounts(ctx.db, sessionUser(req).userId, ctx.now()),
  );
}

/** Operator messages (an area of the operator plugin, which guards them). */
export async function messageAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, inbox.messageSend, async (input, op) => sendOperatorMessage(ctx, op.name, input));
  adminRoute(app, inbox.messagesSent, async (input) => listSentMessages(ctx.db, input));
  adminRoute(app, inbox.messageWithdraw, async ({ id }, op) => withdrawMessage(ctx, op.name, id));
}
