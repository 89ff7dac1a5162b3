import type { FastifyInstance } from 'fastify';
import { wheelAdmin } from '@breakshot/contracts';
import { adminRoute } from '../../platform/route.js';
import { listSpinPrizes, saveSpinPrizes } from './console.js';

/** Operator calls of the daily wheel (an area of the operator plugin, which guards them). */
export async function wheelAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, wheelAdmin.spinPrizesList, async () => listSpinPrizes(ctx.db));
  adminRoute(app, wheelAdmin.spinPrizesSave, async (input, op) => saveSpinPrizes(ctx, op.name, input));
}
