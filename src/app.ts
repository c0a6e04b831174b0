import { randomUUID } from 'node:crypto';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { accessHook, type AccessCheck } from './access/index.js';
import type { KeyStore } from './access/keys.js';
import { registerEconomicsRoutes } from './economics/routes.js';
import { registerTradeRoutes } from './trade/routes.js';
import { ApiError } from './errors.js';
import { parseQueryString, assertWellFormedQuery } from './http/query.js';
import { registerOpenApiRoute } from './http/openapi.js';
import { ErrorBodySchema } from './http/schemas.js';
import { issuesFromSchemaErrors } from './http/validation.js';
import type { SnapshotStore } from './store/snapshot.js';

export interface AppOptions {
  store: SnapshotStore;
  keyStore: KeyStore;
  gatewaySecret: string | undefined;
  accessChecks?: AccessCheck[];
  /** onSend hook that records paid calls (see access/credits). */
  metering?: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
  logLevel?: string;
}

export type App = FastifyInstance;

/** DuckDB reports a missing or unreadable database file as an IO error. */
function isUnavailable(err: Error): boolean {
  return /^IO Error|Connection Error|database .* is closed/i.test(err.message);
}

/** Builds the HTTP application: the request pipeline every operation shares, then the operations. */
export async function buildApp(opts: AppOptions): Promise<App> {
  const app = Fastify({
    logger: { level: opts.logLevel ?? 'info' },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true },
    // An undecodable path gets the canonical error body, with its request id.
    frameworkErrors: (error, request, reply) => {
      const e = error.code === 'FST_ERR_BAD_URL' ? new ApiError('bad_request', 'The request path could not be decoded.') : new ApiError('internal_error');
      const raw = reply as unknown as { code(n: number): typeof raw; header(k: string, v: string): typeof raw; send(b: string): void };
      raw
        .code(e.status)
        .header('x-request-id', request.id)
        .header('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify({ error: e.code, message: e.message, request_id: request.id }));
    },
    ajv: { customOptions: { allErrors: true, coerceTypes: true, useDefaults: true, removeAdditional: false, verbose: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // No operation takes a body: bodies are ignored, never parsed (a malformed one must not hide a 405).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
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

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onRequest', accessHook({ keyStore: opts.keyStore, gatewaySecret: opts.gatewaySecret, checks: opts.accessChecks }));
  if (opts.metering) app.addHook('onSend', opts.metering);
  // Malformed query strings are refused after the access checks, with the parameters.
  app.addHook('preValidation', async (request) => assertWellFormedQuery(request.query));

  app.setErrorHandler((err: FastifyError | ApiError, request, reply) => {
    let apiError: ApiError;
    if (err instanceof ApiError) {
      apiError = err;
    } else if ((err as FastifyError).validation) {
      const fe = err as FastifyError;
      const detail = issuesFromSchemaErrors(fe.validation!, fe.validationContext);
      const names = detail.map((d) => d.loc[1]).join(', ');
      apiError = new ApiError('validation_error', `Invalid parameter${detail.length > 1 ? 's' : ''}: ${names}.`, { detail });
    } else if (isUnavailable(err)) {
      request.log.error({ err }, 'data store unavailable');
      apiError = new ApiError('provider_unavailable');
    } else if ((err as FastifyError).statusCode && (err as FastifyError).statusCode! < 500) {
      apiError = new ApiError('bad_request');
    } else {
      request.log.error({ err }, 'unhandled error');
      apiError = new ApiError('internal_error');
    }
    reply.code(apiError.status).headers(apiError.headers).send({
      error: apiError.code,
      message: apiError.message,
      request_id: request.id,
      ...(apiError.detail ? { detail: apiError.detail } : {}),
    });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ error: 'not_found', message: `No operation at ${request.method} ${request.url.split('?')[0]}.`, request_id: request.id });
  });

  registerOpenApiRoute(app);
  registerEconomicsRoutes(app, opts.store);
  registerTradeRoutes(app, opts.store);
  return app;
}
