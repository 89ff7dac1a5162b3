import type { FastifyInstance } from 'fastify';

/** The operator console's agent section (contracts agents-admin.ts). */
export async function agentsAdminRoutes(_app: FastifyInstance): Promise<void> {}
