import type { FastifyInstance } from 'fastify';
import { auth, ErrorCode, profile } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { AppError } from '../../platform/errors.js';
import { issueTicket } from '../../platform/live/tickets.js';
import { route, type CallOptions } from '../../platform/route.js';
import { deviceOf, revokeSession } from '../../platform/sessions.js';
import { consumeCaptcha } from '../captcha/service.js';
import { getSysConfig } from '../system/service.js';
import {
  changeAvatar,
  changeBirthday,
  changeNickname,
  changePassword,
  changeSex,
  getUserInfo,
  loginUser,
  registerUser,
} from './service.js';

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

  // The player's own profile: each call changes the session's player only.
  route(app, profile.changeNickname, async (input, req) => {
    await changeNickname(ctx.db, sessionUser(req).userId, input.nickname);
    return {};
  });

  route(app, profile.changeAvatar, async (input, req) => {
    await changeAvatar(ctx.db, sessionUser(req).userId, input.avatar);
    return {};
  });

  route(app, profile.changeSex, async (input, req) => {
    await changeSex(ctx.db, sessionUser(req).userId, input.sex);
    return {};
  });

  route(app, profile.changeBirthday, async (input, req) => {
    await changeBirthday(ctx.db, sessionUser(req).userId, input.birthday, ctx.now());
    return {};
  });

  route(app, profile.changePassword, async (input, req) => {
    const sessionsEnded = await changePassword(ctx.db, sessionUser(req), input, {
      now: ctx.now(),
      passwordHashing: ctx.passwordHashing,
      onEnded: async (ids, tx) => {
        for (const id of ids) await ctx.live.closeSession(id, tx);
      },
    });
    return { sessionsEnded };
  });
}
