import type { FastifyInstance } from 'fastify';
import { push } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { route } from '../../platform/route.js';
import { pushSettingsOf, setKinds, subscribe, unsubscribe } from './subscriptions.js';
import { vapidKeys } from './vapid.js';

export async function pushRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, push.vapidKey, async () => ({ publicKey: (await vapidKeys(ctx)).publicKey }));

  route(app, push.subscribe, async (input, req) =>
    subscribe(ctx, sessionUser(req), input, req.headers['user-agent'] ?? ''),
  );

  route(app, push.unsubscribe, async (input, req) => unsubscribe(ctx.db, sessionUser(req).userId, input.endpoint));

  route(app, push.settings, async (_input, req) => pushSettingsOf(ctx.db, sessionUser(req).userId));

  route(app, push.setKinds, async (input, req) => setKinds(ctx.db, sessionUser(req).userId, input.kinds));
}
