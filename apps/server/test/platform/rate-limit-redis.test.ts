import { createServer, connect, type Server, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { auth } from '@breakshot/contracts';
import { buildApp, type BuildAppOptions } from '../../src/app.js';
import { loadConfig } from '../../src/platform/config.js';
import { KEY_PREFIX } from '../../src/platform/rate-limit-redis.js';
import { call, FAST_HASHING, startTestApp, TEST_CAPTCHA, TEST_SECRETS_KEY } from '../helpers/test-app.js';
import {
  freshDatabase,
  LOCAL_PG_URL,
  pgAnswers,
  TEST_REDIS_URL as REDIS_URL,
  TEST_SERVER_URL,
  type TestDatabase,
} from '../helpers/test-db.js';

/** Nothing listens here: a REDIS_URL whose Redis is down. */
const DEAD_REDIS_URL = 'redis://127.0.0.1:4299';
/** A TCP proxy to Redis that the test cuts and restores. */
const PROXY_PORT = 4200;

const serverUrl = TEST_SERVER_URL ?? LOCAL_PG_URL;
const [pgUp, redisUp] = await Promise.all([pgAnswers(serverUrl), redisAnswers(REDIS_URL)]);

const ALLOWANCE = 5;
const limits = { perIp: ALLOWANCE, perUsername: 10_000, perSession: 10_000, windowMs: 60_000 };

/** The envelope codes of `n` captcha requests from `ip`, sent at once, round-robin over `apps`. */
async function burst(apps: FastifyInstance[], n: number, ip: string) {
  const results = await Promise.all(
    Array.from({ length: n }, (_, i) => call(apps[i % apps.length]!, auth.captchaGetCode, {}, { ip })),
  );
  return { allowed: results.filter((r) => r.code === 200).length, refused: results.filter((r) => r.code === 429) };
}

describe.skipIf(!pgUp || !redisUp)('rate limits of three instances on one database', () => {
  // Keys of this run only (REDIS_URL's keyPrefix), so parallel and earlier runs do not count here.
  const runPrefix = `bs_test_${randomBytes(4).toString('hex')}:`;
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  let fresh: TestDatabase;
  let shared: FastifyInstance[] = [];
  let alone: FastifyInstance[] = [];

  const instance = async (options: Partial<BuildAppOptions> = {}) =>
    buildApp({
      database: await fresh.open(),
      captchaTestCode: TEST_CAPTCHA,
      passwordHashing: FAST_HASHING,
      secretsKey: TEST_SECRETS_KEY,
      rateLimits: limits,
      scheduler: false,
      ...options,
    });
  const runKeys = () => redis.keys(`${runPrefix}*`);

  beforeAll(async () => {
    fresh = await freshDatabase(serverUrl);
    // The first one seeds the database; the others find it ready.
    shared = [await instance({ redisUrl: `${REDIS_URL}?keyPrefix=${runPrefix}` })];
    shared.push(
      ...(await Promise.all([1, 2].map(() => instance({ redisUrl: `${REDIS_URL}?keyPrefix=${runPrefix}` })))),
    );
    alone = await Promise.all([0, 1, 2].map(() => instance()));
  });
  afterAll(async () => {
    await Promise.all([...shared, ...alone].map((app) => app.close()));
    await fresh?.drop();
    const keys = await runKeys();
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('with REDIS_URL, a burst spread over the three gets the one allowance, not three times it', async () => {
    const { allowed, refused } = await burst(shared, 3 * ALLOWANCE, '10.19.0.1');
    expect(allowed).toBe(ALLOWANCE);
    expect(refused).toHaveLength(2 * ALLOWANCE);
    for (const over of refused) {
      expect(over.data.retryAfter).toBeGreaterThanOrEqual(1);
      expect(over.data.retryAfter).toBeLessThanOrEqual(60);
    }
    // One counter, named for the route and the client, that ends with the window.
    const key = `${runPrefix}${KEY_PREFIX}ip:${auth.captchaGetCode.path}:10.19.0.1`;
    expect(await runKeys()).toContain(key);
    expect(await redis.get(key)).toBe(String(3 * ALLOWANCE));
    expect(await redis.pttl(key)).toBeGreaterThan(0);
    expect(await redis.pttl(key)).toBeLessThanOrEqual(limits.windowMs);
    // Another client has its own allowance.
    expect((await call(shared[1]!, auth.captchaGetCode, {}, { ip: '10.19.0.2' })).code).toBe(200);
  });

  it('without REDIS_URL, each instance counts alone: three times the allowance gets through', async () => {
    const { allowed } = await burst(alone, 3 * ALLOWANCE, '10.19.1.1');
    expect(allowed).toBe(3 * ALLOWANCE);
    expect((await call(alone[0]!, auth.captchaGetCode, {}, { ip: '10.19.1.1' })).code).toBe(429);
  });

  it('Redis lost mid-run: requests go on, counted per instance, and are shared again once it is back', async () => {
    const logs: string[] = [];
    const proxy = await redisProxy();
    const app = await instance({
      redisUrl: `redis://127.0.0.1:${PROXY_PORT}?keyPrefix=${runPrefix}`,
      logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } },
    });
    try {
      const key = `${runPrefix}${KEY_PREFIX}ip:${auth.captchaGetCode.path}:10.19.2.1`;
      expect((await call(app, auth.captchaGetCode, {}, { ip: '10.19.2.1' })).code).toBe(200);
      expect(await redis.get(key)).toBe('1');

      await proxy.cut();
      const { allowed } = await burst([app], ALLOWANCE, '10.19.2.1');
      expect(allowed).toBe(ALLOWANCE);
      expect(await redis.get(key)).toBe('1');
      expect((await call(app, auth.captchaGetCode, {}, { ip: '10.19.2.1' })).code).toBe(429);
      expect(logs.filter((line) => line.includes('Redis does not answer'))).toHaveLength(1);

      await proxy.restore();
      await expect
        .poll(
          async () => {
            await call(app, auth.captchaGetCode, {}, { ip: '10.19.2.2' });
            return redis.get(`${runPrefix}${KEY_PREFIX}ip:${auth.captchaGetCode.path}:10.19.2.2`);
          },
          { timeout: 10_000, interval: 200 },
        )
        .not.toBeNull();
      expect(logs.filter((line) => line.includes('Redis answers again'))).toHaveLength(1);
    } finally {
      await app.close();
      await proxy.close();
    }
  });

  it('Redis hung (connected, not answering): requests are not held for it, they count in memory', async () => {
    const logs: string[] = [];
    const proxy = await redisProxy();
    const app = await instance({
      redisUrl: `redis://127.0.0.1:${PROXY_PORT}?keyPrefix=${runPrefix}`,
      logger: { level: 'warn', stream: { write: (line: string) => void logs.push(line) } },
    });
    try {
      expect((await call(app, auth.captchaGetCode, {}, { ip: '10.19.4.1' })).code).toBe(200);
      proxy.stall();
      const started = Date.now();
      const { allowed } = await burst([app], ALLOWANCE, '10.19.4.1');
      expect(allowed).toBe(ALLOWANCE);
      // The command timeout is 0.5 s; the bound leaves room for a loaded machine.
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((await call(app, auth.captchaGetCode, {}, { ip: '10.19.4.1' })).code).toBe(429);
      expect(logs.filter((line) => line.includes('Redis does not answer'))).toHaveLength(1);
    } finally {
      proxy.release();
      await app.close();
      await proxy.close();
    }
  });
});

describe('REDIS_URL where no Redis answers', () => {
  it('the server starts and serves, counting in memory, with one warning', async () => {
    const logs: string[] = [];
    const t = await startTestApp({
      redisUrl: DEAD_REDIS_URL,
      rateLimits: limits,
      logger: { level: 'warn', stream: { write: (line: string) => void logs.push(line) } },
    });
    try {
      const { allowed } = await burst([t.app], ALLOWANCE, '10.19.3.1');
      expect(allowed).toBe(ALLOWANCE);
      const over = await call(t.app, auth.captchaGetCode, {}, { ip: '10.19.3.1' });
      expect(over.code).toBe(429);
      expect(over.data.retryAfter).toBeGreaterThanOrEqual(1);
      expect(logs.filter((line) => line.includes('Redis does not answer'))).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

describe('REDIS_URL setting', () => {
  it('takes a redis:// or rediss:// URL, refuses anything else, and is unset by default', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache:6380/2' }).redisUrl).toBe('rediss://:pw@cache:6380/2');
    expect(() => loadConfig({ REDIS_URL: 'cache:6379' })).toThrow('REDIS_URL must start with redis:// or rediss://');
  });
});

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * A TCP proxy from PROXY_PORT to Redis: cut() drops its connections and stops listening; restore()
 * listens again; stall() holds the commands sent (a hung Redis) until release().
 */
async function redisProxy() {
  const redisAt = new URL(REDIS_URL);
  const links = new Map<Socket, Socket>();
  let server: Server;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(redisAt.port || 6379), redisAt.hostname);
        links.set(client, upstream);
        client.on('close', () => links.delete(client));
        for (const socket of [client, upstream]) socket.on('error', () => undefined);
        client.pipe(upstream).pipe(client);
      }).listen(PROXY_PORT, '127.0.0.1', resolve);
    });
  const cut = async () => {
    const closed = new Promise((resolve) => server.close(resolve));
    for (const [client, upstream] of links) [client, upstream].forEach((socket) => socket.destroy());
    await closed;
  };
  await listen();
  return {
    cut,
    restore: listen,
    close: cut,
    stall: () => links.forEach((upstream, client) => client.unpipe(upstream)),
    release: () => links.forEach((upstream, client) => client.pipe(upstream)),
  };
}
