import type { FastifyInstance } from 'fastify';
import { agentSettlementsAdmin } from '@breakshot/contracts';
import { requestLang } from '../../../platform/lang.js';
import { adminRoute } from '../../../platform/route.js';
import { settlePeriod } from './settle.js';
import { listStatements } from './statements.js';
import { platformTiers, saveTiers } from './tiers.js';

/** The operator's settlement calls (contracts agent-settlements-admin.ts), in the agents section. */
export async function settlementAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, agentSettlementsAdmin.platformTiersGet, async () => ({ tiers: await platformTiers(ctx.db) }));
  adminRoute(app, agentSettlementsAdmin.platformTiersSave, async (input, op, req) =>
    saveTiers(ctx, op.name, input, requestLang(req)),
  );
  adminRoute(app, agentSettlementsAdmin.statementsList, async (input) => listStatements(ctx.db, input));
  adminRoute(app, agentSettlementsAdmin.settlementRun, async (input, op) =>
    settlePeriod(ctx, input.kind, input.period, ctx.now(), op.name),
  );
}
