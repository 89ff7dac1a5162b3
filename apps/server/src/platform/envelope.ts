import type { FastifyReply } from 'fastify';
import { ErrorCode, type ErrorEnvelope } from '@breakshot/contracts';

export const ok = <T>(data: T) => ({ code: ErrorCode.OK, msg: 'ok', data });

/**
 * Sends a failure envelope (HTTP 200). It goes out as a ready JSON string so that the route's
 * success schema does not try to serialize it (docs/stack.md pitfall 3).
 */
export function sendFailure(reply: FastifyReply, body: ErrorEnvelope): FastifyReply {
  return reply.code(200).type('application/json; charset=utf-8').send(JSON.stringify(body));
}
