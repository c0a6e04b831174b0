import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { completeDocument, type DocumentedOperation } from './openapi/document.js';
import { documentHead } from './openapi/head.js';
import type { Document } from './openapi/types.js';
import { allowOnlyGet } from './routes.js';
import { ErrorBodySchema } from './schemas.js';

/**
 * Collects the OpenAPI 3.1 document from the routes' own schemas, completed by
 * `openapi/document.ts`; register before the routes.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  app.addSchema(ErrorBodySchema);
  const operations = new Map<string, DocumentedOperation>();
  app.addHook('onRoute', (route) => {
    const { openapi: doc, cost } = route.config ?? {};
    const id = route.schema?.operationId;
    if (!doc || !id || route.method !== 'GET') return;
    if (operations.has(id)) throw new Error(`operationId ${id} is used twice (${route.url})`);
    operations.set(id, { doc, cost: cost ?? 0 });
  });
  const options: FastifyDynamicSwaggerOptions = {
    openapi: documentHead(),
    // Shared schemas (added with `addSchema`, so each has an `$id`) are named by it, not numbered.
    refResolver: { buildLocalReference: (json) => json.$id as string },
    // The document is plain JSON here: `openapi/types.ts` names the parts that are read.
    transformObject: (documents) =>
      'openapiObject' in documents
        ? (completeDocument(
            documents.openapiObject as unknown as Document,
            operations,
          ) as unknown as typeof documents.openapiObject)
        : documents.swaggerObject,
  };
  await app.register(swagger, options);
  // `/v1/openapi.json` needs no key.
  app.get('/v1/openapi.json', { schema: { hide: true }, config: { access: 'gateway' } }, () => app.swagger());
  allowOnlyGet(app, '/v1/openapi.json');
}
