import type { FastifyInstance } from 'fastify';
import { auth, ErrorCode } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { AppError } from '../../platform/errors.js';
import { issueTicket } from '../../platform/live/tickets.js';
import { route, type CallOptions } from '../../platform/route.js';
import { deviceOf, revokeSession } from '../../platform/sessions.js';
import { consumeCaptcha } from '../captcha/service.js';
import { getSysConfig } from '../system/service.js';
import { getUserInfo, loginUser, registerUser } from './service.js';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  // Credentials are limited per client and per name tried.
  const credentialLimits: CallOptions = { limits: ['ip', 'username'] };

  route(
    app,
    auth.register,
    async (input, req) => {
      const sys = await getSysConfig(ctx.db);
      if (!sys.registerEnabled) throw new AppError(ErrorCode.FORBIDDEN, 'registerClosed');
      const now = ctx.now();
      await consumeCaptcha(ctx.db, input.captchaId, input.captchaCode, now);
      const { token } = await registerUser(ctx.db, input, {
        now,
        passwordHashing: ctx.passwordHashing,
        inviteCodeRequired: sys.inviteCodeRequired,
        device: deviceOf(req),
      });
      return { token };
    },
    credentialLimits,
  );

  route(
    app,
    auth.login,
    async (input, req) => {
      const now = ctx.now();
      await consumeCaptcha(ctx.db, input.captchaId, input.captchaCode, now);
      return loginUser(ctx.db, input, { now, passwordHashing: ctx.passwordHashing, device: deviceOf(req) });
    },
    credentialLimits,
  );

  route(app, auth.userInfo, async (_input, req) => getUserInfo(ctx.db, sessionUser(req).userId));

  route(app, auth.userLogout, async (_input, req) => {
    const { sessionId } = sessionUser(req);
    await revokeSession(ctx.db, sessionId, ctx.now());
    await ctx.live.closeSession(sessionId);
    return {};
  });

  route(app, auth.getWss, async (_input, req) => ({
    token: await issueTicket(ctx.db, sessionUser(req).sessionId, ctx.now()),
  }));
}
