import type { FastifyInstance } from 'fastify';

/** The agent's own security: passwords, transfers (代充), the business card. */
export async function agentAccountRoutes(_app: FastifyInstance): Promise<void> {}
