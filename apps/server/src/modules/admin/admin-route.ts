import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { admin } from '@breakshot/contracts';
import { ok } from '../../platform/envelope.js';

type DataOf<C extends admin.AdminCall> = z.input<C['response']> extends { data: infer D } ? D : never;

/** Registers an operator call: POST ADMIN_PREFIX + path, zod-checked, in the envelope, behind the guard. */
export function adminRoute<C extends admin.AdminCall>(
  app: FastifyInstance,
  guard: onRequestHookHandler,
  call: C,
  handler: (input: z.output<C['request']>, req: FastifyRequest) => Promise<DataOf<C>>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: admin.ADMIN_PREFIX + call.path,
    schema: { body: call.request, response: { 200: call.response }, hide: true },
    onRequest: guard,
    preValidation: async (req) => {
      if (req.body === undefined) req.body = {};
    },
    handler: async (req) => ok(await handler(req.body as z.output<C['request']>, req)),
  });
}
