import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auth, ErrorCode, profile } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { AppError } from '../../platform/errors.js';
import { issueTicket } from '../../platform/live/tickets.js';
import { clientKey } from '../../platform/ip-key.js';
import { maskIp } from '../../platform/masking.js';
import { route } from '../../platform/route.js';
import { deviceOf, revokeSession } from '../../platform/sessions.js';
import { localDateTime } from '../../platform/time-range.js';
import { sendSystemMessage } from '../messages/service.js';
import { getSysConfig } from '../system/service.js';
import {
  changeAvatar,
  changeBirthday,
  changeNickname,
  changePassword,
  changeSex,
  challengeFor,
  getUserInfo,
  loginUser,
  registerUser,
} from './service.js';
import { admitRegistration, type StepUp } from './step-up.js';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const stepUpOf = (req: FastifyRequest): StepUp => ({
    client: clientKey(req),
    settings: ctx.proofOfWork,
    secrets: ctx.secrets,
  });

  route(app, auth.captchaChallenge, async (input, req) => challengeFor(ctx.db, stepUpOf(req), input, ctx.now()));

  route(
    app,
    auth.register,
    async (input, req) => {
      const sys = await getSysConfig(ctx.db);
      if (!sys.registerEnabled) throw new AppError(ErrorCode.FORBIDDEN, 'registerClosed');
      const now = ctx.now();
      await admitRegistration(ctx.db, stepUpOf(req), input, now);
      const { token } = await registerUser(ctx.db, input, {
        now,
        passwordHashing: ctx.passwordHashing,
        inviteCodeRequired: sys.inviteCodeRequired,
        device: deviceOf(req),
      });
      return { token };
    },
    // A new name per call: limited per client and per name.
    { limits: ['ip', 'username'] },
  );

  route(
    app,
    auth.login,
    async (input, req) =>
      loginUser(ctx.db, input, {
        now: ctx.now(),
        passwordHashing: ctx.passwordHashing,
        device: deviceOf(req),
        stepUp: stepUpOf(req),
        alertOwner: async (tx, userId, alert) => {
          const { timeZone } = await getSysConfig(tx);
          await sendSystemMessage(tx, ctx, userId, 'login_failures', {
            count: alert.count,
            // The site's zone named: the phone reading it may keep another.
            at: `${localDateTime(alert.at, timeZone)} (${timeZone})`,
            address: maskIp(alert.client),
          });
        },
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
