import type { FastifyInstance } from 'fastify';
import { system } from '@breakshot/contracts';
import { route } from '../../platform/route.js';
import { cachedSysConfig } from './service.js';

export async function systemRoutes(app: FastifyInstance): Promise<void> {
  // Read at every app start, cheap and public: not rate limited.
  route(app, system.getConfig, async () => ({ sys: await cachedSysConfig(app.ctx.db, app.ctx.now()) }), {
    limits: [],
  });
}
