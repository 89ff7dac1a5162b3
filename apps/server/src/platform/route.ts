import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZodArray, ZodObject, type z } from 'zod';
import { csvStream } from './csv.js';
import { operatorCalls, API_PREFIX, ErrorCode, type CallContract, type DataOf } from '@breakshot/contracts';
import { AppError } from './errors.js';
import type { Acting } from './operator-area.js';
import { authenticate } from './auth-hook.js';
import { ok } from './envelope.js';
import { limiter, type LimitKind } from './rate-limit.js';

export type CallHandler<C extends CallContract> = (
  input: z.output<C['request']>,
  req: FastifyRequest,
  /** For headers of the answer (a cookie); the body is the handler's result. */
  reply: FastifyReply,
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
    handler: async (req, reply) =>
      ok(await handler((isGet ? req.query : req.body) as z.output<C['request']>, req, reply)),
  });
}

/**
 * Registers an operator call inside the operator area (operator-area.ts, whose hook finds who
 * acts): POST ADMIN_PREFIX + path, refused (403) to a role the contract does not list, then
 * zod-checked, in the envelope; the handler learns who acts (and gets the request, e.g. its language).
 */
export function adminRoute<C extends operatorCalls.AdminCall>(
  app: FastifyInstance,
  call: C,
  handler: (input: z.output<C['request']>, operator: Acting, req: FastifyRequest) => Promise<DataOf<C>>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: operatorCalls.ADMIN_PREFIX + call.path,
    schema: { body: call.request, response: { 200: call.response }, hide: true },
    onRequest: async (req) => {
      if (!operatorCalls.mayCall(req.operator.role, call))
        throw new AppError(ErrorCode.FORBIDDEN, 'operatorRoleRefused');
    },
    preValidation: async (req) => {
      if (req.body === undefined) req.body = {};
    },
    handler: async (req) => ok(await handler(req.body as z.output<C['request']>, req.operator, req)),
  });
  if (call.csv) csvExport(app, call, handler);
}

/**
 * The CSV export of a list call (`call.csv`): POST path + CSV_SUFFIX with the list's filters and
 * no paging answers text/csv, streamed page by page through the same handler.
 */
function csvExport<C extends operatorCalls.AdminCall>(
  app: FastifyInstance,
  call: C,
  handler: (input: z.output<C['request']>, operator: Acting, req: FastifyRequest) => Promise<DataOf<C>>,
): void {
  const request = call.request;
  const item = listItemOf(call.response);
  if (!(request instanceof ZodObject) || !item) throw new Error(`${call.path}: csv needs a paged list call`);
  const columns = Object.keys(item.shape);
  const name = call.path.split('/').filter(Boolean).join('-');
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: operatorCalls.ADMIN_PREFIX + call.path + operatorCalls.CSV_SUFFIX,
    schema: { body: csvBody(request), hide: true },
    onRequest: async (req) => {
      if (!operatorCalls.mayCall(req.operator.role, call))
        throw new AppError(ErrorCode.FORBIDDEN, 'operatorRoleRefused');
    },
    preValidation: async (req) => {
      if (req.body === undefined) req.body = {};
    },
    handler: async (req, reply) => {
      const filters = req.body as Record<string, unknown>;
      const stamp = app.ctx.now().toISOString().slice(0, 10);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}-${stamp}.csv"`);
      return reply.send(
        csvStream(columns, async (page, pageSize) => {
          const input = { ...filters, page, pageSize } as z.output<C['request']>;
          return (await handler(input, req.operator, req)) as { list: Record<string, unknown>[] };
        }),
      );
    },
  });
}

/**
 * The CSV's body: the list's filters without its paging. A request with checks across its fields
 * (a report's range) keeps them, and so its paging fields, which have defaults and are replaced.
 */
export const csvBody = (request: ZodObject) =>
  (request._zod.def.checks?.length ?? 0) > 0 ? request : request.omit({ page: true, pageSize: true });

/** The item schema of a `{ code, msg, data: { list: [item], … } }` response, if it is one. */
function listItemOf(response: z.ZodType): ZodObject | null {
  const data = response instanceof ZodObject ? response.shape.data : undefined;
  const list = data instanceof ZodObject ? data.shape.list : undefined;
  return list instanceof ZodArray && list.element instanceof ZodObject ? list.element : null;
}

/**
 * Registers an operator call that needs no session (the console's login): POST ADMIN_PREFIX +
 * path OUTSIDE the operator area, rate limited per client IP, zod-checked, in the envelope. The
 * handler gets the request (ip, user agent).
 */
export function publicAdminRoute<C extends operatorCalls.AdminCall>(
  app: FastifyInstance,
  call: C,
  handler: (input: z.output<C['request']>, req: FastifyRequest) => Promise<DataOf<C>>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: operatorCalls.ADMIN_PREFIX + call.path,
    schema: { body: call.request, response: { 200: call.response }, hide: true },
    onRequest: [limiter(app, app.ctx.rateLimits, 'ip', operatorCalls.ADMIN_PREFIX + call.path)],
    preValidation: async (req) => {
      if (req.body === undefined) req.body = {};
    },
    handler: async (req) => ok(await handler(req.body as z.output<C['request']>, req)),
  });
}
