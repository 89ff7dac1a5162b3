import type { FastifyInstance } from 'fastify';
import { admin, adminConsole } from '@breakshot/contracts';
import { adminRoute } from '../../platform/route.js';
import { listAllDeposits, listCallbacks } from './console.js';
import { listManualDepositQueue } from './manual-queue.js';
import { changeUsdtRate, listChannelsForOperator, switchChannel } from './operator.js';
import { confirmManualDeposit } from './service.js';

/** The operator's deposits, manual confirmations, channels and USDT rate (an area of the operator plugin, which guards them). */
export async function paymentsAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, admin.depositsPending, async (input) => listManualDepositQueue(ctx.db, input));
  adminRoute(app, admin.depositConfirm, async ({ orderNo }, op) => {
    await confirmManualDeposit(ctx, orderNo, op.name);
    return { orderNo, status: 'PAID' };
  });
  adminRoute(app, admin.channelsList, async () => listChannelsForOperator(ctx));
  adminRoute(app, admin.channelSetEnabled, async (input, op) => switchChannel(ctx, op.name, input));
  adminRoute(app, admin.usdtRateSet, async (input, op) => changeUsdtRate(ctx, op.name, input));
  adminRoute(app, adminConsole.depositsList, async (input) => listAllDeposits(ctx.db, input));
  adminRoute(app, adminConsole.depositCallbacks, async ({ orderNo }) => listCallbacks(ctx.db, orderNo));
}
