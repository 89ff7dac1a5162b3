import type { FastifyInstance } from 'fastify';

/** The agent area's team calls: links, members, opening accounts (SCREENS.md Agent area). */
export async function agentRoutes(_app: FastifyInstance): Promise<void> {}
