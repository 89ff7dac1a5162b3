import type { FastifyInstance } from 'fastify';
import { security } from '@breakshot/contracts';

import { adminRoute } from '../../platform/route.js';

import { listOutbox } from './service.js';

/** The operator's SMS outbox (the development channel). */
export async function securityAdminRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(app, security.smsOutbox, async (input) => listOutbox(app.ctx.db, input));
}
