import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** Every counter's key starts so (`?keyPrefix=` in REDIS_URL puts more in front, e.g. per deployment). */
export const KEY_PREFIX = 'breakshot:rl:';

/** A request's place in its window: its own count and the ms until the window ends. */
export interface WindowCount {
  current: number;
  ttl: number;
}

/**
 * One atomic step per request: count it, and start the window's expiry on its first request (or
 * on a key that somehow lost it). Each request gets its own count back, as INCR numbers them.
 */
const COUNT_REQUEST = `
local current = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {current, ttl}
`;

/** A slow Redis costs a request at most this before it is counted in memory instead. */
const COMMAND_TIMEOUT_MS = 500;
/** How long the server waits at start for Redis to answer before serving without it. */
const CONNECT_TIMEOUT_MS = 2_000;
/** After a command failed, Redis is left alone this long (a hung Redis must not slow every request). */
const RETRY_AFTER_MS = 5_000;

/** The command COUNT_REQUEST becomes (defineCommand). */
interface CountRequest {
  countRequest(key: string, windowMs: number): Promise<[number, number]>;
}

export interface RedisCounters {
  /** Counts a request on `key`; null while Redis does not answer (the caller counts it itself). */
  count(key: string, windowMs: number): Promise<WindowCount | null>;
  close(): void;
}

/**
 * Rate-limit counters every instance shares through the Redis at `url`.
 *
 * Redis down or slow: requests are never refused or held for it. While it does not answer, count()
 * says null and the caller counts in this instance's memory, so each instance applies the whole
 * allowance alone (limits multiply by the instances for that time, nobody is locked out). One warn
 * when Redis goes, one info when it is back; ioredis keeps reconnecting on its own. The server starts
 * whether Redis answers or not.
 */
export async function connectRedisCounters(url: string, log: FastifyBaseLogger): Promise<RedisCounters> {
  const client = new Redis(url, {
    // Not connected: fail at once (and count in memory) rather than queue the request behind Redis.
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // A count sent again after a reconnect would count the request twice.
    maxRetriesPerRequest: 0,
  });
  // Sent once, then run by its hash (EVALSHA; ioredis sends it again if Redis forgot it).
  client.defineCommand('countRequest', { numberOfKeys: 1, lua: COUNT_REQUEST });
  const countRequest = (client as Redis & CountRequest).countRequest.bind(client);
  let down = false;
  let retryAt = 0;
  const failed = (err: Error) => {
    if (!down) log.warn({ err }, 'Redis does not answer: rate limits are counted per instance until it does');
    down = true;
    retryAt = Date.now() + RETRY_AFTER_MS;
  };
  client.on('error', failed);
  // Connected again: ask Redis from the next request on.
  client.on('ready', () => void (retryAt = 0));
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done).off('error', done);
      resolve();
    };
    const timer = setTimeout(done, CONNECT_TIMEOUT_MS);
    client.once('ready', done).once('error', done);
  });
  if (client.status === 'ready') log.info('rate limits are counted in Redis, shared by every instance');

  return {
    async count(key, windowMs) {
      if (client.status !== 'ready') {
        failed(new Error(`no connection to Redis (${client.status})`));
        return null;
      }
      if (Date.now() < retryAt) return null;
      try {
        const [current, ttl] = await countRequest(KEY_PREFIX + key, windowMs);
        if (down) log.info('Redis answers again: rate limits are shared by every instance');
        down = false;
        return { current, ttl };
      } catch (err) {
        failed(err as Error);
        return null;
      }
    },
    close() {
      client.disconnect();
    },
  };
}
