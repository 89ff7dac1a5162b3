import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { admin, API_PREFIX, ErrorCode, type CallContract, type DataOf } from '@breakshot/contracts';
import { AppError } from './errors.js';
import type { Acting } from './operator-area.js';
import { authenticate } from './auth-hook.js';
import { ok } from './envelope.js';
import { limiter, type LimitKind } from './rate-limit.js';

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

/**
 * Registers an operator call inside the operator area (operator-area.ts, whose hook finds who
 * acts): POST ADMIN_PREFIX + path, refused (403) to a role the contract does not list, then
 * zod-checked, in the envelope; the handler learns who acts.
 */
export function adminRoute<C extends admin.AdminCall>(
  app: FastifyInstance,
  call: C,
  handler: (input: z.output<C['request']>, operator: Acting) => Promise<DataOf<C>>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: admin.ADMIN_PREFIX + call.path,
    schema: { body: call.request, response: { 200: call.response }, hide: true },
    onRequest: async (req) => {
      if (!admin.mayCall(req.operator.role, call)) throw new AppError(ErrorCode.FORBIDDEN, 'operatorRoleRefused');
    },
    preValidation: async (req) => {
      if (req.body === undefined) req.body = {};
    },
    handler: async (req) => ok(await handler(req.body as z.output<C['request']>, req.operator)),
  });
}

/**
 * Registers an operator call that needs no session (the console's login): POST ADMIN_PREFIX +
 * path OUTSIDE the operator area, rate limited per client IP (and per name tried when `limits`
 * says so), zod-checked, in the envelope. The handler gets the request (ip, user agent).
 */
export function publicAdminRoute<C extends admin.AdminCall>(
  app: FastifyInstance,
  call: C,
  handler: (input: z.output<C['request']>, req: FastifyRequest) => Promise<DataOf<C>>,
  options: { limits?: Exclude<LimitKind, 'session'>[] } = {},
): void {
  const limits = options.limits ?? ['ip'];
  const limit = (kind: LimitKind) => limiter(app, app.ctx.rateLimits, kind, admin.ADMIN_PREFIX + call.path);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: admin.ADMIN_PREFIX + call.path,
    schema: { body: call.request, response: { 200: call.response }, hide: true },
    onRequest: limits.includes('ip') ? [limit('ip')] : [],
    preValidation: async (req) => {
      if (req.body === undefined) req.body = {};
    },
    preHandler: limits.includes('username') ? [limit('username')] : [],
    handler: async (req) => ok(await handler(req.body as z.output<C['request']>, req)),
  });
}
