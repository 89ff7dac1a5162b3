import type { FastifyInstance } from 'fastify';
import { auth } from '@breakshot/contracts';
import { route } from '../../platform/route.js';
import { checkCaptcha, createCaptcha } from './service.js';

export async function captchaRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  route(app, auth.captchaGetCode, async () => createCaptcha(ctx.db, ctx.now(), ctx.captchaTestCode));
  route(app, auth.captchaCheckCode, async (input) => {
    await checkCaptcha(ctx.db, input.captchaId, input.captchaCode, ctx.now());
    return {};
  });
}
