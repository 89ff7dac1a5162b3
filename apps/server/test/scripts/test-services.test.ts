import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTestServices } from '../../../../scripts/test/services.mjs';

/* What `npm test` does when the PostgreSQL or the Redis of the PostgreSQL-only suites is not there. */

const CLOSED = { TEST_PG_URL: 'postgres://postgres@127.0.0.1:1/postgres', TEST_REDIS_URL: 'redis://127.0.0.1:2' };

describe("npm test's PostgreSQL and Redis (scripts/test/services.mjs)", () => {
  it('on CI, a PostgreSQL and a Redis that do not answer each fail the run', async () => {
    expect(await checkTestServices({ ...CLOSED, CI: 'true' })).toMatchObject({
      postgres: false,
      redis: false,
      failures: [
        'PostgreSQL at postgres://postgres@127.0.0.1:1/postgres does not answer: on CI the suites needing it must run',
        'Redis at redis://127.0.0.1:2 does not answer: on CI the suites needing it must run',
      ],
      notes: [],
    });
  });

  it('elsewhere, they are named and their suites skip', async () => {
    expect(await checkTestServices(CLOSED)).toMatchObject({
      failures: [],
      notes: [
        '(no PostgreSQL at postgres://postgres@127.0.0.1:1/postgres: the suites needing it are skipped, counted at the end)',
        '(no Redis at redis://127.0.0.1:2: the suites needing it are skipped, counted at the end)',
      ],
    });
  });

  describe('servers that answer', () => {
    const listening: Server[] = [];
    const port = (s: Server) => (s.address() as { port: number }).port;
    beforeAll(async () => {
      for (let i = 0; i < 2; i += 1) {
        const server = createServer((socket) => socket.destroy());
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        listening.push(server);
      }
    });
    afterAll(() => listening.forEach((s) => s.close()));

    it('on CI: nothing fails', async () => {
      const [pg, redis] = listening.map(port);
      const env = {
        CI: 'true',
        TEST_PG_URL: `postgres://u@127.0.0.1:${pg}/db`,
        TEST_REDIS_URL: `redis://127.0.0.1:${redis}`,
      };
      expect(await checkTestServices(env)).toEqual({
        urls: { postgres: env.TEST_PG_URL, redis: env.TEST_REDIS_URL },
        postgres: true,
        redis: true,
        failures: [],
        notes: [],
      });
    });
  });
});
