import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { accessHook, type AccessCheck } from './access/index.js';
import type { KeyStore } from './access/keys.js';
import { registerEconomicsRoutes } from './economics/routes.js';
import { registerTradeRoutes } from './trade/routes.js';
import { ApiError, type ErrorCode } from './errors.js';
import { Type } from '@sinclair/typebox';
import { parseQueryString, assertWellFormedQuery } from './http/query.js';
import { registerOpenApiRoute } from './http/openapi.js';
import { ErrorBodySchema } from './http/schemas.js';
import { assertValidInput, recordingValidator } from './http/validation.js';
import type { SnapshotStore } from './store/snapshot.js';

export interface AppOptions {
  store: SnapshotStore;
  keyStore: KeyStore;
  gatewaySecret: string | undefined;
  accessChecks?: AccessCheck[];
  /** onSend hook that records paid calls (see access/credits). */
  metering?: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
  logLevel?: string;
  /** Deadline of a request's work, from its arrival; 504 past it. */
  queryTimeoutMs?: number;
}

export type App = FastifyInstance;

/** DuckDB reports a missing or unreadable database file as an IO error. */
function isUnavailable(err: Error): boolean {
  const m = err.message;
  return m.startsWith('IO Error') || m.includes('Connection Error') || (m.includes('database ') && m.includes(' is closed'));
}

/** Requests the HTTP parser refuses, by the parser's error code. */
const PARSER_ERRORS: Record<string, ErrorCode> = {
  HPE_HEADER_OVERFLOW: 'header_fields_too_large',
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
  HPE_URI_TOO_LONG: 'uri_too_long',
};

/** The canonical error body, with a fresh request id, for a request the HTTP parser refused. */
function answerClientError(err: NodeJS.ErrnoException & { bytesParsed?: number }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const e = new ApiError(PARSER_ERRORS[err.code ?? ''] ?? 'bad_request');
  const id = randomUUID();
  const body = JSON.stringify({ error: e.code, message: e.message, request_id: id });
  socket.end(
    `HTTP/1.1 ${e.status} ${http.STATUS_CODES[e.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nx-request-id: ${id}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Fastify's own errors of a request (body too large...) as registry codes. */
const ERRORS_BY_STATUS: Partial<Record<number, ErrorCode>> = { 408: 'request_timeout', 413: 'payload_too_large', 414: 'uri_too_long', 431: 'header_fields_too_large' };

/** Builds the HTTP application: the request pipeline every operation shares, then the operations. */
export async function buildApp(opts: AppOptions): Promise<App> {
  const queryTimeoutMs = opts.queryTimeoutMs ?? 10_000;
  const app = Fastify({
    logger: { level: opts.logLevel ?? 'info' },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // Path parameters of any length reach the validator (422), never the router's limit.
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true, maxParamLength: 1 << 20 },
    clientErrorHandler: answerClientError,
    // An undecodable path gets the canonical error body, with its request id.
    frameworkErrors: (error, request, reply) => {
      const e = error.code === 'FST_ERR_BAD_URL' ? new ApiError('bad_request', 'The request path could not be decoded.') : new ApiError('internal_error');
      if (e.status >= 500) request.log.error({ err: error, reqId: request.id }, 'framework error');
      const raw = reply as unknown as { code(n: number): typeof raw; header(k: string, v: string): typeof raw; send(b: string): void };
      raw
        .code(e.status)
        .header('x-request-id', request.id)
        .header('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify({ error: e.code, message: e.message, request_id: request.id }));
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(recordingValidator);
  // Every method Node's parser knows is routable, so each gets a 405 on a known path.
  for (const method of http.METHODS) {
    if (method !== 'CONNECT' && !app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }
  // Every API operation validates its query string, even one without parameters, so
  // an unknown parameter is refused rather than silently ignored.
  app.addHook('onRoute', (route) => {
    if (route.config?.access !== 'key') return;
    // The cost is declared with the operation; one without it must not be served unmetered.
    if (!Number.isInteger(route.config.cost) || route.config.cost! < 1) throw new Error(`operation ${route.url} declares no credit cost`);
    route.schema = { ...route.schema, querystring: route.schema?.querystring ?? Type.Object({}) };
  });

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
    request.deadline = Date.now() + queryTimeoutMs;
    reply.header('x-request-id', request.id);
  });
  app.addHook('onRequest', accessHook({ keyStore: opts.keyStore, gatewaySecret: opts.gatewaySecret, checks: opts.accessChecks }));
  if (opts.metering) app.addHook('onSend', opts.metering);
  // Malformed query strings are refused after the access checks, with the parameters;
  // 404 and 405 answers never look at them.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.access) assertWellFormedQuery(request.query);
  });
  // One 422 for every failed parameter, path and query together.
  app.addHook('preHandler', async (request) => {
    if (request.routeOptions.config.access === 'key') assertValidInput(request);
  });

  app.setErrorHandler((err: FastifyError | ApiError, request, reply) => {
    let apiError: ApiError;
    if (err instanceof ApiError) {
      apiError = err;
    } else if (isUnavailable(err)) {
      request.log.error({ err }, 'data store unavailable');
      apiError = new ApiError('provider_unavailable');
    } else if ((err as FastifyError).statusCode && (err as FastifyError).statusCode! < 500) {
      apiError = new ApiError(ERRORS_BY_STATUS[(err as FastifyError).statusCode!] ?? 'bad_request');
    } else {
      request.log.error({ err, reqId: request.id }, 'unhandled error');
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
