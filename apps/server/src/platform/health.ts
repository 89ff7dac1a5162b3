import type { FastifyInstance } from 'fastify';
import { pingDatabase } from './db.js';

/** How long one database check answers /healthz: probes in a burst share it. */
const CHECK_MS = 1_000;

/** 200 when the database answers `select 1` (checked at most once a second), 503 otherwise. */
export async function registerHealth(app: FastifyInstance): Promise<void> {
  let check: { at: number; up: Promise<boolean> } | null = null;
  app.get('/healthz', { logLevel: 'warn' }, async (_req, reply) => {
    const now = Date.now();
    if (!check || now - check.at >= CHECK_MS) check = { at: now, up: pingDatabase(app.ctx.db) };
    const up = await check.up;
    return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'database unavailable' });
  });
}
