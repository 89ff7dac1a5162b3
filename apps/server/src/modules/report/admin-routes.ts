import type { FastifyInstance } from 'fastify';
import { reportsAdmin } from '@breakshot/contracts';
import { adminRoute } from '../../platform/route.js';
import { pnlBreakdown, pnlReport } from './pnl.js';

/** The console's reports (an area of the operator plugin, which guards it); reports may read a replica. */
export async function reportsAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, reportsAdmin.pnlReport, async (input) => pnlReport(ctx.readDb, input));
  adminRoute(app, reportsAdmin.pnlBreakdown, async (input) => pnlBreakdown(ctx.readDb, input));
}
