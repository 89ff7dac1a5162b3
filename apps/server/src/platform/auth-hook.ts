import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '@breakshot/contracts';
import { AppError } from './errors.js';
import { lookupSession, markSeen, type SessionUser } from './sessions.js';

/** The `token` header; the string 'false' means none (docs/spec.md §7). */
export function tokenOf(req: FastifyRequest): string | null {
  const header = req.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  return token && token !== 'false' ? token : null;
}

/** onRequest hook of calls with auth: true; sets request.user (and notes the session in use) or answers 401. */
export async function authenticate(req: FastifyRequest): Promise<void> {
  const token = tokenOf(req);
  if (!token) throw new AppError(ErrorCode.UNAUTHORIZED, 'unauthorized');
  const { db, now } = req.server.ctx;
  const at = now();
  const found = await lookupSession(db, token, at);
  if (found.status === 'ended') throw new AppError(ErrorCode.UNAUTHORIZED, 'sessionExpired');
  if (found.status === 'unknown') throw new AppError(ErrorCode.UNAUTHORIZED, 'unauthorized');
  await markSeen(db, found.user.sessionId, found.lastSeenAt, at);
  req.user = found.user;
}

/** request.user of a call registered with auth: true. */
export function sessionUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new AppError(ErrorCode.UNAUTHORIZED, 'unauthorized');
  return req.user;
}
