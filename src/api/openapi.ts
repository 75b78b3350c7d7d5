/**
 * @module api/openapi
 * The OpenAPI 3.1 document generated from the zod route schemas (@fastify/swagger with the
 * fastify-type-provider-zod transform), served at `GET /openapi.json`, and the Swagger UI at
 * `/docs`. Must be registered before the routes so every route is collected.
 */
import type { FastifyInstance } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const SERVICE_VERSION = '0.1.0';

export async function registerOpenApi(app: FastifyInstance, opts: { authEnabled: boolean }): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'memory-service',
        description:
          'Long-term memory for AI agents: post every turn, recall prompt-ready context under a token budget, search structured memories. ' +
          'Errors are `{error: {code, message, request_id}}`.',
        version: SERVICE_VERSION,
      },
      // Declared always, so clients see how to authenticate; required globally only when the
      // server has a token (routes that never need one, like /health, say `security: []`).
      components: { securitySchemes: { bearer: { type: 'http' as const, scheme: 'bearer', description: 'MEMORY_AUTH_TOKEN of the server' } } },
      ...(opts.authEnabled ? { security: [{ bearer: [] }] } : {}),
    },
    transform: jsonSchemaTransform,
  });
  // persistAuthorization keeps the token entered under Authorize across reloads of /docs.
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', uiConfig: { persistAuthorization: true } });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
