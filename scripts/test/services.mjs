// The servers the PostgreSQL-only suites need, where `npm test` and those suites look for them,
// and what a run does when one does not answer.
import net from 'node:net';

/**
 * PostgreSQL (TEST_PG_URL) and Redis (TEST_REDIS_URL, not REDIS_URL: that one is the server's
 * own setting, and the servers the tests start inherit the environment).
 */
export function testServiceUrls(env) {
  return {
    postgres: env.TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres',
    redis: env.TEST_REDIS_URL || 'redis://127.0.0.1:6379',
  };
}

/** Whether something accepts a connection at url's host and port within 1.5 s. */
export function answers(url) {
  const { hostname, port, protocol } = new URL(url);
  const defaultPort = protocol.startsWith('redis') ? 6379 : 5432;
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || defaultPort) });
    socket.setTimeout(1500);
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** A CI run: the CI variable set, as CI services set it (and as the browser tests read it). */
export function onCI(env) {
  return Boolean(env.CI);
}

/**
 * Asks PostgreSQL and Redis. A server that does not answer fails the run on CI (a guarantee left
 * unchecked must not pass as green); elsewhere the suites needing it skip, and the end of the run
 * counts and names the skips. Each of `failures` and `notes` is a line to print.
 */
export async function checkTestServices(env) {
  const urls = testServiceUrls(env);
  const [postgres, redis] = await Promise.all([answers(urls.postgres), answers(urls.redis)]);
  const missing = [!postgres && `PostgreSQL at ${urls.postgres}`, !redis && `Redis at ${urls.redis}`].filter(Boolean);
  const ci = onCI(env);
  return {
    urls,
    postgres,
    redis,
    failures: ci ? missing.map((what) => `${what} does not answer: on CI the suites needing it must run`) : [],
    notes: ci ? [] : missing.map((what) => `(no ${what}: the suites needing it are skipped, counted at the end)`),
  };
}
