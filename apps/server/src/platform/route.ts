import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { API_PREFIX, type CallContract } from '@breakshot/contracts';
import { authenticate } from './auth-hook.js';
import { ok } from './envelope.js';
import { limiter, type LimitKind } from './rate-limit.js';

/** The `data` of a contract's success envelope. */
export type DataOf<C extends CallContract> = z.input<C['response']> extends { data: infer D } ? D : never;

export type CallHandler<C extends CallContract> = (
  input: z.output<C['request']>,
  req: FastifyRequest,
) => Promise<DataOf<C>>;

export interface CallOptions {
  /** Rate limits of this call; default: per session when the call needs one, else per IP. */
  limits?: LimitKind[];
}

/**
 * Registers one contract call: its method and path under API_PREFIX, the request validated and
 * the response serialized by the contract's zod schemas, the session required when the contract
 * says auth, and the handler's result wrapped in the success envelope.
 */
export function route<C extends CallContract>(
  app: FastifyInstance,
  contract: C,
  handler: CallHandler<C>,
  options: CallOptions = {},
): void {
  const limits = options.limits ?? [contract.auth ? 'session' : 'ip'];
  const limit = (kind: LimitKind) => limiter(app, app.ctx.rateLimits, kind, contract.path);
  const onRequest: onRequestHookHandler[] = [];
  if (limits.includes('ip')) onRequest.push(limit('ip'));
  if (contract.auth) onRequest.push(authenticate);
  if (limits.includes('session')) onRequest.push(limit('session'));
  const preHandler: preHandlerHookHandler[] = limits.includes('username') ? [limit('username')] : [];
  const isGet = contract.method === 'GET';

  app.withTypeProvider<ZodTypeProvider>().route({
    method: contract.method,
    url: API_PREFIX + contract.path,
    schema: {
      ...(isGet ? { querystring: contract.request } : { body: contract.request }),
      response: { 200: contract.response },
    },
    onRequest,
    // A POST without a body is an empty request object, so `{}` calls may omit it.
    preValidation: async (req) => {
      if (!isGet && req.body === undefined) req.body = {};
    },
    preHandler,
    handler: async (req) => ok(await handler((isGet ? req.query : req.body) as z.output<C['request']>, req)),
  });
}
