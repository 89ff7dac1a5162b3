import type { FastifyInstance } from 'fastify';
import { feedAdmin } from '@breakshot/contracts';
import { adminRoute } from '../../platform/route.js';
import { listProviders, matchEventLog, operatorSaveProvider, operatorSetProviderKey } from './console.js';

/** Operator calls of the data feed (an area of the operator plugin, which guards them). */
export async function feedAdminRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  adminRoute(app, feedAdmin.providers, async () => listProviders(ctx));
  adminRoute(app, feedAdmin.providerSave, async (input, op) => operatorSaveProvider(ctx, op.name, input));
  adminRoute(app, feedAdmin.providerKey, async (input, op) => operatorSetProviderKey(ctx, op.name, input));
  adminRoute(app, feedAdmin.matchEvents, async (input) => matchEventLog(ctx, input));
}
