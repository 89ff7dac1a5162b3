import type { FastifyInstance } from 'fastify';
import { operatorCalls } from '@breakshot/contracts';
import { operatorTokenCheck } from './operator-token.js';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus text at /metrics: process metrics and a counter and histogram of HTTP requests.
 * Only for the operator's scraper: it sends the operator token (x-admin-token); anyone else gets
 * a 404, as if there were no such page (the labels name every route, admin ones included).
 */
export async function registerMetrics(app: FastifyInstance, operatorToken: string | undefined): Promise<void> {
  const isOperator = operatorTokenCheck(operatorToken);
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.addHook('onResponse', async (req, reply) => {
    // The route pattern, not the URL, keeps the label set small.
    const labels = { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { logLevel: 'warn' }, async (req, reply) => {
    const given = req.headers[operatorCalls.ADMIN_TOKEN_HEADER];
    if (!isOperator(typeof given === 'string' ? given : undefined)) {
      return reply.code(404).type('text/plain').send('Not Found');
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
}
