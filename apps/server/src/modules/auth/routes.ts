import type { FastifyInstance } from 'fastify';
import { auth, profile } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { issueTicket } from '../../platform/live/tickets.js';
import { route } from '../../platform/route.js';
import { deviceOf, revokeSession } from '../../platform/sessions.js';
import {
  changeAvatar,
  changeBirthday,
  changeNickname,
  changePassword,
  changeSex,
  challengeFor,
  getUserInfo,
  loginUser,
} from './service.js';
import { stepUpOf } from './step-up.js';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, auth.captchaChallenge, async (input, req) => challengeFor(ctx.db, stepUpOf(ctx, req), input, ctx.now()));

  route(
    app,
    auth.login,
    async (input, req) =>
      loginUser(ctx, input, {
        now: ctx.now(),
        passwordHashing: ctx.passwordHashing,
        device: deviceOf(req),
        stepUp: stepUpOf(ctx, req),
      }),
    // Per client only: a limit per name tried would let anyone keep its owner out (docs/security.md).
    { limits: ['ip'] },
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
