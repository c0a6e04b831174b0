import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Type } from '@sinclair/typebox';
import type { pino } from 'pino';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { accessHook, type AccessCheck } from './access/index.js';
import type { KeyStore } from './access/keys.js';
import type { DatasetStore } from './datasets.js';
import { answerClientError, answerFrameworkError, registerErrorAnswers, requireHost } from './http/errors.js';
import { lazySerializers } from './http/lazy-serializers.js';
import { registerGracefulClose } from './http/graceful-close.js';
import { registerHealth, type Probe } from './http/health.js';
import type { PullStatus } from './store/store-pull.js';
import { registerMetrics, type MetricSources } from './http/metrics.js';
import { registerOpenApi } from './http/openapi.js';
import { registerDocs } from './http/docs.js';
import { registerHsts, type TlsPair } from './http/tls.js';
import {
  CACHE_MAX_AGE_S_DEFAULT,
  DUCKDB_QUEUE_MAX_DEFAULT,
  EXTRACT_CONCURRENCY_DEFAULT,
  EXTRACT_IDLE_S_DEFAULT,
  EXTRACT_TIMEOUT_MS_DEFAULT,
  HEAVY_CONCURRENCY_DEFAULT,
  QUERY_TIMEOUT_MS_DEFAULT,
  RESPONSE_CACHE_MB_DEFAULT,
} from './settings.js';
import { snapshotCreatedAt } from './store/snapshot-layout.js';
import { ResponseCache } from './http/response-cache.js';
import { assertWellFormedQuery, parseQueryString } from './http/query.js';
import { assertValidInput, recordingValidator } from './http/validation.js';
import { registerOperations } from './operations/index.js';
import type { ExtractLimits } from './operations/extract-slots.js';
import { HeavyGate } from './operations/pipeline/heavy-gate.js';
import { createLogger, type Logger } from './log.js';
import { dashboardPlugin, type DashboardOptions } from './dashboard/index.js';
import { registerMcp } from './mcp/index.js';
import { registerSdmx } from './sdmx-rest/routes.js';

export interface AppOptions {
  store: DatasetStore;
  keyStore: KeyStore;
  gatewaySecret: string | undefined;
  accessChecks?: AccessCheck[];
  /** onSend hook that records paid calls (see access/credits). */
  metering?: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
  /** The server's log (default: a JSON logger at `logLevel` on `logStream`). */
  logger?: Logger;
  logLevel?: string;
  /** Where log lines go (default standard output, buffered). */
  logStream?: pino.DestinationStream;
  /** Deadline of a request's work, from its arrival; 504 past it (default `QUERY_TIMEOUT_MS_DEFAULT`). */
  queryTimeoutMs?: number;
  /** Bytes the answer cache may hold (default `RESPONSE_CACHE_MB_DEFAULT` MiB); 0 disables it. */
  responseCacheBytes?: number;
  /** `Cache-Control` max-age of 200 answers (default `CACHE_MAX_AGE_S_DEFAULT`). */
  cacheMaxAgeS?: number;
  /**
   * Heavy answers computed at once (default `HEAVY_CONCURRENCY_DEFAULT`), and how many
   * may wait their turn before one more is refused (default `DUCKDB_QUEUE_MAX_DEFAULT`).
   */
  heavy?: { concurrency: number; maxWaiting: number };
  /** Checks of `/readyz` besides the snapshot's (the shared stores of the distributed mode). */
  probes?: Record<string, Probe>;
  /** With `SNAPSHOT_STORE_URL`: what this replica knows of the object store. */
  snapshotStore?: PullStatus;
  /** The official sources' update state, for `/metrics`. */
  sourceUpdates?: MetricSources['sourceUpdates'];
  /** When set, `/metrics` needs `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** What bounds extracts (defaults: the settings' defaults). */
  extracts?: ExtractLimits;
  /**
   * Proxies (addresses, CIDRs) whose forwarded client address and protocol are
   * believed: `request.ip` and `request.protocol` are then the original request's.
   */
  trustProxy?: string[];
  /** The account store and what else the dashboard needs; without it, no `/dashboard` route exists. */
  dashboard?: DashboardOptions;
  /**
   * With a certificate and key: HTTPS, HTTP/2 and HTTP/1.1 on one port (chosen by ALPN),
   * `Strict-Transport-Security` on every answer. Without: plain HTTP/1.1.
   */
  tls?: TlsPair;
}

export type App = FastifyInstance;

/**
 * Every API operation validates its query string, even one without parameters, so
 * an unknown parameter is refused rather than silently ignored; and declares its
 * cost, so none is served unmetered (at least 1 under `/v1`; a protocol's structure
 * requests, such as SDMX's, may be free of credits but are still rate-limited).
 */
function checkOperationRoute(route: RouteOptions): void {
  if (route.config?.access !== 'key') return;
  const cost = route.config.cost;
  const least = route.url.startsWith('/v1/') ? 1 : 0;
  if (cost === undefined || !Number.isInteger(cost) || cost < least)
    throw new Error(`operation ${route.url} declares no credit cost`);
  route.schema = { ...route.schema, querystring: route.schema?.querystring ?? Type.Object({}) };
}

function createServer(opts: AppOptions): FastifyInstance {
  // Typed as Fastify's logger interface, which a pino logger implements.
  const logger: FastifyBaseLogger = opts.logger ?? createLogger(opts.logLevel, opts.logStream);
  // Over TLS: an HTTP/2 server that also speaks HTTP/1.1 to clients whose ALPN asks for it.
  // The application is the same either way, hence the one type (that of the HTTP/1.1 server).
  const transport = opts.tls
    ? ({
        http2: true,
        // requireHostHeader reaches the HTTP/1.1 fallback (Node 22 and later check Host there).
        https: { allowHTTP1: true, cert: opts.tls.cert, key: opts.tls.key, requireHostHeader: false },
      } as unknown as object)
    : {};
  const app = Fastify({
    ...transport,
    loggerInstance: logger,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: opts.trustProxy ?? false,
    // Node would answer a request without Host (HTTP/1.1) with a bare 400; the check is
    // ours (see registerErrorAnswers), with the canonical body and a request id.
    http: { requireHostHeader: false },
    // One line per request (see `logRequest`), not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    schemaController: { compilersFactory: { buildSerializer: lazySerializers() } },
    // Path parameters of any length reach the validator (422), never the router's limit.
    routerOptions: { querystringParser: parseQueryString, ignoreTrailingSlash: true, maxParamLength: 1 << 20 },
    // Connections are ended, never destroyed, at close (see registerGracefulClose).
    forceCloseConnections: false,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<TypeBoxTypeProvider>();
  if (opts.tls) registerHsts(app);
  requireHost(app);
  app.setValidatorCompiler(recordingValidator);
  // Every method Node's parser knows is routable, so each gets a 405 on a known path.
  for (const method of http.METHODS) {
    if (method !== 'CONNECT' && !app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: true });
  }
  app.addHook('onRoute', checkOperationRoute);
  // No operation takes a body: bodies are ignored, never parsed (a malformed one must not hide a 405).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
  return app;
}

/** One log line per answered request: its id, key, route, status and duration in ms. */
function logRequest(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  request.log.info(
    {
      // The request's logger already carries its id (`reqId`).
      key: request.apiKey?.id,
      method: request.method,
      route: request.routeOptions.url ?? request.url.split('?')[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    },
    'request',
  );
  done();
}

/** The hooks every request passes: request id and deadline, access checks, metering, parameter checks. */
function registerPipeline(app: FastifyInstance, opts: AppOptions): void {
  const queryTimeoutMs = opts.queryTimeoutMs ?? QUERY_TIMEOUT_MS_DEFAULT;
  // Hooks that never wait take `done`: an async one costs a promise and a turn of the
  // microtask queue on every request.
  app.addHook('onRequest', (request, reply, done) => {
    request.deadline = Date.now() + queryTimeoutMs;
    void reply.header('x-request-id', request.id);
    done();
  });
  app.addHook(
    'onRequest',
    accessHook({ keyStore: opts.keyStore, gatewaySecret: opts.gatewaySecret, checks: opts.accessChecks }),
  );
  if (opts.metering) app.addHook('onSend', opts.metering);
  app.addHook('onResponse', logRequest);
  // Malformed query strings are refused after the access checks, with the parameters;
  // 404 and 405 answers never look at them.
  // (A throw in a hook that takes `done` is its error.)
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.routeOptions.config.access) assertWellFormedQuery(request.query);
    done();
  });
  // One 422 for every failed parameter, path and query together.
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.routeOptions.config.access === 'key') assertValidInput(request);
    done();
  });
}

/** The snapshots `/readyz` names: the local one and, with an object store, the store's and its last poll. */
function snapshotsDetail(opts: AppOptions) {
  const local = opts.store.current?.name ?? null;
  const pull = opts.snapshotStore;
  if (!pull) return { fields: { snapshots: { local } } };
  const age = pull.lastPollOkAt ? (Date.now() - pull.lastPollOkAt.getTime()) / 1000 : null;
  const store = { url: pull.store, current: pull.storeCurrent ?? null, last_poll_age_s: age };
  return {
    fields: { snapshots: { local, store } },
    ...(local === null ? { waiting: `waiting for the first snapshot from ${pull.store}` } : {}),
  };
}

/** `/healthz`, `/readyz` and `/metrics`: outside `/v1`, without a key. */
function registerOperatorEndpoints(app: FastifyInstance, opts: AppOptions, cache: ResponseCache): void {
  const snapshot = async () => {
    if (!opts.store.current) throw new Error('no snapshot loaded');
  };
  registerHealth(app, { snapshot, ...opts.probes }, () => snapshotsDetail(opts));
  registerMetrics(app, {
    token: opts.metricsToken,
    sources: {
      cache,
      queued: () => opts.store.current?.db.queued,
      snapshotCreatedAt: () => {
        const name = opts.store.current?.name;
        return name === undefined ? undefined : snapshotCreatedAt(name);
      },
      snapshotName: () => opts.store.current?.name,
      snapshotsRefused: () => opts.store.refusedSnapshots,
      snapshotStore: opts.snapshotStore,
      ...(opts.sourceUpdates ? { sourceUpdates: opts.sourceUpdates } : {}),
    },
  });
}

/** What bounds the files and messages written while they are sent (the settings' defaults unless given). */
const extractLimits = (opts: AppOptions): ExtractLimits =>
  opts.extracts ?? {
    concurrency: EXTRACT_CONCURRENCY_DEFAULT,
    idleMs: EXTRACT_IDLE_S_DEFAULT * 1000,
    timeoutMs: EXTRACT_TIMEOUT_MS_DEFAULT,
  };

/** Builds the HTTP application: the request pipeline every operation shares, then the operations. */
export async function buildApp(opts: AppOptions): Promise<App> {
  const app = createServer(opts);
  registerGracefulClose(app);
  const cache = new ResponseCache({ maxBytes: opts.responseCacheBytes ?? RESPONSE_CACHE_MB_DEFAULT * 2 ** 20 });
  // First: the metrics count every request, those the pipeline's checks refuse included.
  registerOperatorEndpoints(app, opts, cache);
  registerPipeline(app, opts);
  registerErrorAnswers(app);
  await registerOpenApi(app);
  registerDocs(app);
  registerOperations(app, {
    datasets: opts.store,
    cache,
    cacheMaxAgeS: opts.cacheMaxAgeS ?? CACHE_MAX_AGE_S_DEFAULT,
    extracts: extractLimits(opts),
    heavy: new HeavyGate(
      opts.heavy?.concurrency ?? HEAVY_CONCURRENCY_DEFAULT,
      opts.heavy?.maxWaiting ?? DUCKDB_QUEUE_MAX_DEFAULT,
    ),
  });
  await registerMcp(app);
  registerSdmx(app, { datasets: opts.store, extracts: extractLimits(opts) });
  if (opts.dashboard) await app.register(dashboardPlugin, opts.dashboard);
  return app;
}
