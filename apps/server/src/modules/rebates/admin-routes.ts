import type { FastifyInstance } from 'fastify';
import { rebatesAdmin } from '@breakshot/contracts';
import { adminRoute } from '../../platform/route.js';
import { listRebateClaims } from './logs.js';

/** The operator's list of rebate claims (an area of the operator plugin, which guards it). */
export async function rebatesAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, rebatesAdmin.rebateClaimsList, async (input) => listRebateClaims(ctx.db, input));
}
