import type { FastifyInstance } from 'fastify';
import { passkeys } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { clientKey } from '../../platform/ip-key.js';
import { route } from '../../platform/route.js';
import { deviceOf } from '../../platform/sessions.js';
import { checkLoginPassword } from '../auth/service.js';
import { relyingPartyOf } from './relying-party.js';
import {
  listPasskeys,
  loginOptions,
  loginWithPasskey,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
} from './service.js';

export async function passkeyRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  // Adding a way in asks for the login password, as the other security settings do.
  route(app, passkeys.registerOptions, async (input, req) => {
    const { userId } = sessionUser(req);
    await checkLoginPassword(ctx.db, userId, input.password, 'password');
    return registrationOptions(ctx.db, userId, relyingPartyOf(req), ctx.now());
  });

  route(app, passkeys.register, async (input, req) =>
    registerPasskey(ctx, sessionUser(req).userId, input, relyingPartyOf(req), ctx.now()),
  );

  route(app, passkeys.list, async (_input, req) => ({ list: await listPasskeys(ctx.db, sessionUser(req).userId) }));

  route(app, passkeys.rename, async (input, req) =>
    renamePasskey(ctx.db, sessionUser(req).userId, input.id, input.name),
  );

  route(app, passkeys.remove, async (input, req) => {
    await removePasskey(ctx, sessionUser(req).userId, input.id);
    return {};
  });

  route(app, passkeys.loginOptions, async (_input, req) => loginOptions(ctx.db, relyingPartyOf(req), ctx.now()));

  route(app, passkeys.login, async (input, req) =>
    loginWithPasskey(ctx, input.credential, relyingPartyOf(req), {
      now: ctx.now(),
      client: clientKey(req),
      device: deviceOf(req),
    }),
  );
}
