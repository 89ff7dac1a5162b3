import type { FastifyInstance } from 'fastify';
import { securityAdmin } from '@breakshot/contracts';

import { adminRoute } from '../../platform/route.js';

import { listOutbox } from './console.js';

/** The operator's SMS outbox (the development channel). */
export async function securityAdminRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(app, securityAdmin.smsOutbox, async (input) => listOutbox(app.ctx.db, input));
}
