import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI of every contract call, generated from the zod schemas, at GET /api/docs/json. */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Breakshot API', version: '9' },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
}
