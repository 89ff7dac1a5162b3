import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { ErrorCode, normalizeUsername } from '@breakshot/contracts';
import type { RateLimitSettings } from './context.js';
import { AppError } from './errors.js';
import { clientKey } from './ip-key.js';
import { connectRedisCounters, type RedisCounters, type WindowCount } from './rate-limit-redis.js';

export type LimitKind = 'ip' | 'username' | 'session';

export type Limiter = (req: FastifyRequest) => Promise<void>;

export const defaultRateLimits: RateLimitSettings = { windowMs: 60_000, perIp: 30, perUsername: 10, perSession: 120 };

/**
 * Every allowance multiplied by `scale` (RATE_LIMIT_SCALE, config.ts), rounded up: benchmarks and
 * load tests raise all limits at once without touching them one by one. The window stays.
 */
export function scaleRateLimits(settings: RateLimitSettings, scale: number): RateLimitSettings {
  const scaled = (max: number) => Math.max(1, Math.ceil(max * scale));
  return {
    windowMs: settings.windowMs,
    perIp: scaled(settings.perIp),
    perUsername: scaled(settings.perUsername),
    perSession: scaled(settings.perSession),
  };
}

/**
 * The counters of the limiters below (limits are applied by them, route by route): in Redis when
 * `redisUrl` is set (REDIS_URL), so several instances share one allowance; else in this instance's
 * memory. The Redis client closes with the app.
 */
export async function registerRateLimit(app: FastifyInstance, redisUrl?: string): Promise<void> {
  const shared = redisUrl ? await connectRedisCounters(redisUrl, app.log) : undefined;
  if (shared) app.addHook('onClose', async () => shared.close());
  // The plugin makes its store with `new store(pluginOptions)`: a class of this app's brings the counters.
  const store = class extends WindowStore {
    constructor() {
      super(shared);
    }
  };
  await app.register(fastifyRateLimit, { global: false, store });
}

/** Keys a limiter remembers; past it, the least recently used goes. */
const MAX_KEYS = 10_000;

/**
 * Fixed-window counters, each request answered with its own count: in Redis when `shared` is
 * given and answers, else in memory. (The plugin's LocalStore answers with its live counter, which
 * the requests after it go on incrementing before the first reads it: a burst of parallel requests
 * from one client was refused whole, 50 at once against a limit of 30 all refused.)
 */
class WindowStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, { count: number; ends: number }>();

  constructor(private readonly shared?: RedisCounters) {}

  incr(key: string, callback: (error: Error | null, result?: WindowCount) => void, timeWindow: number) {
    if (!this.shared) return callback(null, this.countHere(key, timeWindow));
    // count() never rejects: null means Redis did not answer (rate-limit-redis.ts).
    void this.shared
      .count(key, timeWindow)
      .then((counted) => callback(null, counted ?? this.countHere(key, timeWindow)));
  }

  child(): FastifyRateLimitStore {
    return new WindowStore(this.shared);
  }

  private countHere(key: string, timeWindow: number): WindowCount {
    const now = Date.now();
    const found = this.windows.get(key);
    const window = found && found.ends > now ? found : { count: 0, ends: now + timeWindow };
    window.count += 1;
    this.windows.delete(key);
    this.windows.set(key, window);
    // Most recently used last: the first key is the one to forget (O(1), whatever a client sprays).
    if (this.windows.size > MAX_KEYS) this.windows.delete(this.windows.keys().next().value!);
    return { current: window.count, ttl: window.ends - now };
  }
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
      // An IPv6 client counts by its /64.
      return clientKey(req);
    case 'session':
      return String(req.user?.sessionId ?? 'none');
    case 'username': {
      const username = (req.body as { username?: unknown } | undefined)?.username;
      return typeof username === 'string' ? normalizeUsername(username) : 'none';
    }
  }
}
