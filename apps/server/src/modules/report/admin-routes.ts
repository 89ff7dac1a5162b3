import type { FastifyInstance } from 'fastify';
import { reportAdmin } from '@breakshot/contracts';
import { adminRoute } from '../../platform/route.js';
import { agentTeamsReport } from './agents.js';
import { paymentsByPeriod, paymentsReport, withdrawalsReport } from './payments.js';
import { pnlBreakdown, pnlReport } from './pnl.js';
import { playersReport, retentionCohorts, topPlayers } from './players.js';

/** The console's reports (an area of the operator plugin, which guards it); reports may read a replica. */
export async function reportAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, reportAdmin.pnlReport, async (input) => pnlReport(ctx.readDb, input, ctx.now()));
  adminRoute(app, reportAdmin.pnlBreakdown, async (input) => pnlBreakdown(ctx.readDb, input, ctx.now()));
  adminRoute(app, reportAdmin.agentTeamsReport, async (input) => agentTeamsReport(ctx.readDb, input, ctx.now()));
  adminRoute(app, reportAdmin.paymentsReport, async (input) => paymentsReport(ctx.readDb, input, ctx.now()));
  adminRoute(app, reportAdmin.paymentsByPeriod, async (input) => paymentsByPeriod(ctx.readDb, input));
  adminRoute(app, reportAdmin.withdrawalsReport, async (input) => withdrawalsReport(ctx.readDb, input, ctx.now()));
  adminRoute(app, reportAdmin.playersReport, async (input) => playersReport(ctx.readDb, input));
  adminRoute(app, reportAdmin.retentionCohorts, async (input) => retentionCohorts(ctx.readDb, input, ctx.now()));
  adminRoute(app, reportAdmin.topPlayers, async (input) => topPlayers(ctx.readDb, input));
}
