import type { FastifyInstance } from 'fastify';
import { payments } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { requestLang } from '../../platform/lang.js';
import { route } from '../../platform/route.js';
import { getSysConfig } from '../system/service.js';
import { enabledChannels, toPayChannel } from './channels.js';
import { sandboxGatewayRoutes } from './gateway-routes.js';
import { depositDetails, listDeposits, startDeposit } from './service.js';

export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;

  route(app, payments.payConfig, async (_input, req) => {
    const { timeZone } = await getSysConfig(ctx.db);
    const now = ctx.now();
    return {
      channels: (await enabledChannels(ctx.db, ctx)).map((c) => toPayChannel(c, now, timeZone, requestLang(req))),
    };
  });

  route(app, payments.startPay, async (input, req) => {
    const { timeZone } = await getSysConfig(ctx.db);
    return startDeposit(ctx, sessionUser(req), input, timeZone);
  });

  route(app, payments.records, async (input, req) =>
    listDeposits(ctx.db, sessionUser(req).userId, input, requestLang(req)),
  );

  route(app, payments.details, async (input, req) =>
    depositDetails(ctx, sessionUser(req), input.orderNo, requestLang(req)),
  );

  // Absent where the sandbox does not exist: its URLs answer 404 like any unknown path.
  if (ctx.sandboxPay) await app.register(sandboxGatewayRoutes);
}
