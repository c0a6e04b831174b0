import type { FastifyInstance } from 'fastify';
import { allowOnlyGet } from './routes.js';

/** `/v1/openapi.json`: the OpenAPI 3.1 document generated from the routes' own schemas; needs no key. */
export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get('/v1/openapi.json', { schema: { hide: true }, config: { access: 'gateway' } }, async () => app.swagger());
  allowOnlyGet(app, '/v1/openapi.json');
}
