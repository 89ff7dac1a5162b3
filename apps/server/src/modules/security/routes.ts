import type { FastifyInstance } from 'fastify';
import { security } from '@breakshot/contracts';
import { authenticate, sessionUser } from '../../platform/auth-hook.js';
import { clientKey } from '../../platform/ip-key.js';
import { route } from '../../platform/route.js';
import { consumeCaptcha } from '../captcha/service.js';
import { bindMobile, changeMobile, resetFundPassword, resetPassword, sendSmsCode, verifyReset } from './service.js';

/** SMS codes, password recovery, the bound mobile and the fund password reset. */
export async function securityRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const userId = (req: Parameters<typeof sessionUser>[0]) => sessionUser(req).userId;

  // One call for every purpose: a reset has no session and shows a captcha instead.
  route(app, security.sendSmsCode, async (input, req) => {
    if (input.purpose === 'reset') await consumeCaptcha(ctx.db, input.captchaId, input.captchaCode, ctx.now());
    else await authenticate(req);
    // Counted per client as the rate limits count it: an IPv6 client by its /64.
    return sendSmsCode(ctx, input, { userId: req.user?.userId ?? null, ip: clientKey(req) }, req.log);
  });

  // Per address (the default without a session); a code's five tries and a token's one use do the rest.
  route(app, security.forgetPassword, async (input) =>
    input.step === 'verify' ? verifyReset(ctx, input) : resetPassword(ctx, input),
  );

  route(app, security.bindMobile, async (input, req) => bindMobile(ctx, userId(req), input));
  route(app, security.changeMobile, async (input, req) => changeMobile(ctx, userId(req), input));
  route(app, security.resetFundPassword, async (input, req) => resetFundPassword(ctx, userId(req), input));
}
