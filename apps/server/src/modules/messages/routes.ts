import type { FastifyInstance } from 'fastify';
import { inbox } from '@breakshot/contracts';
import { requestLang } from '../../platform/lang.js';
import { route } from '../../platform/route.js';
import { sessionUser } from '../../platform/auth-hook.js';
import { deleteMessages, listInbox, markRead, unreadCounts } from './service.js';

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
