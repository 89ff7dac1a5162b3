import type { FastifyInstance } from 'fastify';
import { playersAdmin } from '@breakshot/contracts';
import { listAudit } from '../../platform/audit.js';
import { adminRoute } from '../../platform/route.js';
import { dashboard, queueCounts } from './dashboard.js';
import { listPlayersForOperator, playerBetDetails, playerBets, playerDetail, playerLedger } from './players.js';
import { adjustBalance } from './adjust.js';
import { setPlayerStatus } from './player-status.js';
import { playerTimeline } from './timeline.js';
import { waivePlayerTurnover } from './waive-turnover.js';

/**
 * Operator calls that span modules: the dashboard and its queues, players (their details, ledger,
 * bets, timeline and status), balance adjustments, turnover waivers and the audit log (an area of the
 * operator plugin, which guards them). A module's own operator calls are in its admin-routes.ts.
 */
export async function adminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, playersAdmin.balanceAdjust, async (input, op) => adjustBalance(ctx, op.name, input));
  adminRoute(app, playersAdmin.turnoverWaive, async (input, op) => waivePlayerTurnover(ctx, op.name, input));
  adminRoute(app, playersAdmin.auditList, async (input) => listAudit(ctx.db, input));
  adminRoute(app, playersAdmin.playerSetStatus, async (input, op) => setPlayerStatus(ctx, op.name, input));

  adminRoute(app, playersAdmin.dashboard, async () => dashboard(ctx.db, ctx.now(), ctx.readDb));
  adminRoute(app, playersAdmin.queues, async () => queueCounts(ctx.db));
  // And pushed to the console's sockets when a count changes (docs/design.md §6).
  ctx.live.console.watch({
    name: 'queues',
    roles: playersAdmin.queues.roles,
    read: async () => ({ type: 'QUEUES_UPDATED', counts: await queueCounts(ctx.db) }),
  });
  adminRoute(app, playersAdmin.playersList, async (input) => listPlayersForOperator(ctx.db, input));
  adminRoute(app, playersAdmin.playerDetail, async ({ username }) => playerDetail(ctx.db, username, ctx.now()));
  adminRoute(app, playersAdmin.playerLedger, async (input) => playerLedger(ctx.db, input));
  adminRoute(app, playersAdmin.playerBets, async (input) => playerBets(ctx.db, input));
  adminRoute(app, playersAdmin.playerBetDetails, async (input) => playerBetDetails(ctx.db, input));
  adminRoute(app, playersAdmin.playerTimeline, async (input) => playerTimeline(ctx.db, input));
}
