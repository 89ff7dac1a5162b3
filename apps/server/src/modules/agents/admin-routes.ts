import type { FastifyInstance } from 'fastify';
import { agentsAdmin } from '@breakshot/contracts';
import { requestLang } from '../../platform/lang.js';
import { adminRoute } from '../../platform/route.js';
import { settlementAdminRoutes } from './settlement/admin-routes.js';
import { agentDetailsOf, listAgents, listTransfers, saveAgentProfile, setLinkStatusAudited } from './console.js';

/** The operator console's agent section (contracts agents-admin.ts; the operator area guards it). */
export async function agentsAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, agentsAdmin.agentsList, async (input) => listAgents(ctx.db, input));
  adminRoute(app, agentsAdmin.agentDetails, async (input) => agentDetailsOf(ctx.db, input.id));
  adminRoute(app, agentsAdmin.agentProfileSave, async (input, op, req) =>
    saveAgentProfile(ctx, op.name, input, requestLang(req)),
  );
  adminRoute(app, agentsAdmin.agentLinkStatusSave, async (input, op) => setLinkStatusAudited(ctx, op.name, input));
  adminRoute(app, agentsAdmin.agentTransfersList, async (input) => listTransfers(ctx.db, input));
  await settlementAdminRoutes(app);
}
