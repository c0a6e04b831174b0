import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { allowOnlyGet } from './routes.js';
import { ErrorBodySchema } from './schemas.js';

/** Collects the OpenAPI 3.1 document from the routes' own schemas; register before the routes. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addSchema(ErrorBodySchema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Economic statistics and bilateral trade API',
        version: '1.0.0',
        description: 'Read-only JSON API: economic indicators for 50 countries and HS6 bilateral goods trade.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearerAuth: [] }],
      tags: [{ name: 'economics' }, { name: 'trade' }],
    },
  });
  // `/v1/openapi.json` needs no key.
  app.get('/v1/openapi.json', { schema: { hide: true }, config: { access: 'gateway' } }, () => app.swagger());
  allowOnlyGet(app, '/v1/openapi.json');
}
