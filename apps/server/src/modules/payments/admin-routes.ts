import type { FastifyInstance } from 'fastify';
import { paymentsAdmin } from '@breakshot/contracts';
import { adminRoute } from '../../platform/route.js';
import {
  changeUsdtRate,
  listAllDeposits,
  listCallbacks,
  listChannelsForOperator,
  listManualDepositQueue,
  switchChannel,
} from './console.js';
import { confirmManualDeposit } from './service.js';

/** The operator's deposits, manual confirmations, channels and USDT rate (an area of the operator plugin, which guards them). */
export async function paymentsAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, paymentsAdmin.depositsPending, async (input) => listManualDepositQueue(ctx.db, input));
  adminRoute(app, paymentsAdmin.depositConfirm, async ({ orderNo }, op) => {
    await confirmManualDeposit(ctx, orderNo, op.name);
    return { orderNo, status: 'PAID' };
  });
  adminRoute(app, paymentsAdmin.channelsList, async () => listChannelsForOperator(ctx));
  adminRoute(app, paymentsAdmin.channelSetEnabled, async (input, op) => switchChannel(ctx, op.name, input));
  adminRoute(app, paymentsAdmin.usdtRateSet, async (input, op) => changeUsdtRate(ctx, op.name, input));
  adminRoute(app, paymentsAdmin.depositsList, async (input) => listAllDeposits(ctx.db, input));
  adminRoute(app, paymentsAdmin.depositCallbacks, async ({ orderNo }) => listCallbacks(ctx.db, orderNo));
}
