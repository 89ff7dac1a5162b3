import type { FastifyInstance } from 'fastify';
import { push } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { requestLang } from '../../platform/lang.js';
import { route } from '../../platform/route.js';
import { pushSettingsOf, setKinds, subscribe, unsubscribe } from './subscriptions.js';
import { vapidKeys } from './vapid.js';

export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, push.vapidKey, async () => ({ publicKey: (await vapidKeys(ctx)).publicKey }));

  route(app, push.subscribe, async (input, req) =>
    subscribe(ctx, sessionUser(req), input, { userAgent: req.headers['user-agent'] ?? '', lang: requestLang(req) }),
  );

  route(app, push.unsubscribe, async (input, req) => unsubscribe(ctx.db, sessionUser(req).userId, input.endpoint));

  route(app, push.settings, async (_input, req) => pushSettingsOf(ctx.db, sessionUser(req).userId));

  route(app, push.setKinds, async (input, req) => setKinds(ctx.db, sessionUser(req).userId, input.kinds));
}
