import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { ErrorCode, normalizeUsername } from '@breakshot/contracts';
import type { RateLimitSettings } from './context.js';
import { AppError } from './errors.js';
import { ipKey } from './ip-key.js';

export type LimitKind = 'ip' | 'username' | 'session';

export type Limiter = (req: FastifyRequest) => Promise<void>;

export const defaultRateLimits: RateLimitSettings = { windowMs: 60_000, perIp: 30, perUsername: 10, perSession: 120 };

export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  // Counters live in memory per instance; limits are applied by the limiters below, route by route.
  await app.register(fastifyRateLimit, { global: false });
}

/** A hook that answers 429 with data.retryAfter once `kind`'s counter of this route is exceeded. */
export function limiter(app: FastifyInstance, settings: RateLimitSettings, kind: LimitKind, route: string): Limiter {
  const max = { ip: settings.perIp, username: settings.perUsername, session: settings.perSession }[kind];
  const check = app.createRateLimit({
    max,
    timeWindow: settings.windowMs,
    keyGenerator: (req) => `${kind}:${route}:${limitKey(req, kind)}`,
  });
  return async (req) => {
    const result = await check(req);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError(ErrorCode.TOO_MANY, 'tooManyRequests', undefined, {
        retryAfter: Math.max(1, result.ttlInSeconds),
      });
    }
  };
}

function limitKey(req: FastifyRequest, kind: LimitKind): string {
  switch (kind) {
    case 'ip':
      // injectWS requests carry no ip (STACK.md pitfall 4). An IPv6 client counts by its /64.
      return ipKey(req.ip ?? 'no-ip');
    case 'session':
      return String(req.user?.sessionId ?? 'none');
    case 'username': {
      const username = (req.body as { username?: unknown } | undefined)?.username;
      return typeof username === 'string' ? normalizeUsername(username) : 'none';
    }
  }
}
