import type { FastifyInstance } from 'fastify';
import { report } from '@breakshot/contracts';
import { sessionUser } from '../../platform/auth-hook.js';
import { route } from '../../platform/route.js';
import { personalReport } from './service.js';

/** The player's own report; always the session's player. A report: it may read a replica. */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  route(app, report.personalReport, async (input, req) => personalReport(ctx.readDb, sessionUser(req).userId, input));
}
