import Fastify, { type FastifyRequest } from 'fastify';
import { defaultRateLimits, limiter, registerRateLimit } from '../../src/platform/rate-limit.js';

/**
 * The per-session limiter's own cost, in µs per call, measured in this process: the check every
 * call with a session makes (a key, a counter in memory), over `sessions` sessions none of which
 * reaches the production limit, as the server does it but without the HTTP around it.
 */
export async function limiterMicroseconds(calls = 200_000, sessions = 600): Promise<number> {
  const app = Fastify();
  await registerRateLimit(app);
  await app.ready();
  // Production limits, a window longer than the run: every call is counted, none refused.
  const check = limiter(app, { ...defaultRateLimits, perSession: calls }, 'session', '/user/info');
  const requests = Array.from(
    { length: sessions },
    (_, i) => ({ user: { sessionId: i + 1 }, routeOptions: { config: {} } }) as unknown as FastifyRequest,
  );
  const run = async (n: number) => {
    for (let i = 0; i < n; i += 1) await check(requests[i % sessions]!);
  };
  await run(calls / 10); // warm-up
  const started = process.hrtime.bigint();
  await run(calls);
  const elapsed = Number(process.hrtime.bigint() - started) / 1000;
  await app.close();
  return elapsed / calls;
}
