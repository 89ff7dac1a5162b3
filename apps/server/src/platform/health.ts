import type { FastifyInstance, FastifyReply } from 'fastify';
import { pingDatabase } from './db.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** From now on readiness answers 503 `draining`: the process is shutting down (server.ts). */
    startDraining(): void;
  }
}

/** How long one database check answers readiness: probes in a burst share it. */
const CHECK_MS = 1_000;

/**
 * Liveness and readiness, for a load balancer or an orchestrator:
 * - `/livez`: 200 while the process answers at all (no database); failing, the process is restarted.
 * - `/readyz`: 200 when the database answers `select 1` (checked at most once a second) and the
 *   instance is not draining; 503 with the reason otherwise, and requests go to other instances.
 * - `/healthz`: the same as `/readyz` (older probes and scripts use it).
 */
export async function registerHealth(app: FastifyInstance): Promise<void> {
  let draining = false;
  app.decorate('startDraining', () => void (draining = true));

  let check: { at: number; up: Promise<boolean> } | null = null;
  const ready = async (_req: unknown, reply: FastifyReply) => {
    if (draining) return reply.code(503).send({ status: 'draining' });
    const now = Date.now();
    if (!check || now - check.at >= CHECK_MS) check = { at: now, up: pingDatabase(app.ctx.db) };
    const up = await check.up;
    return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'database unavailable' });
  };
  app.get('/livez', { logLevel: 'warn' }, async () => ({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, ready);
  app.get('/healthz', { logLevel: 'warn' }, ready);
}
