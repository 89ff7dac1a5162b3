import type { FastifyInstance } from 'fastify';
import { pingDatabase } from './db.js';

/** 200 when the database answers `select 1`, 503 otherwise. */
export async function registerHealth(app: FastifyInstance): Promise<void> {
  app.get('/healthz', { logLevel: 'warn' }, async (_req, reply) => {
    const up = await pingDatabase(app.ctx.db);
    return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'database unavailable' });
  });
}
