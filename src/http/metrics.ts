import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { secretMatches } from '../secrets.js';
import { ApiError } from '../errors.js';
import type { Lane } from '../store/duckdb.js';
import { allowOnlyGet } from './routes.js';

/** What `/metrics` reads at each scrape from the rest of the server. */
export interface MetricSources {
  cache: { hits: number; misses: number };
  /** Queries waiting for a DuckDB connection, by lane (undefined: no snapshot yet). */
  queued(): Record<Lane, number> | undefined;
  /** When the serving snapshot was created (undefined: none, or a name without a time). */
  snapshotCreatedAt(): Date | undefined;
}

export interface MetricsOptions {
  /** When set, `/metrics` needs `Authorization: Bearer <token>`. */
  token: string | undefined;
  sources: MetricSources;
}

/** Seconds; from a cached answer (about a millisecond) to a request's deadline. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function defineMetrics(registry: Registry, sources: MetricSources) {
  const registers = [registry];
  const snapshotAge = (): number | undefined => {
    const created = sources.snapshotCreatedAt();
    return created && (Date.now() - created.getTime()) / 1000;
  };
  return {
    requests: new Counter({
      name: 'http_requests_total',
      help: 'Answered requests, by route and status',
      labelNames: ['route', 'status'],
      registers,
    }),
    latency: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from arrival to answer, by route',
      labelNames: ['route'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    credits: new Counter({
      name: 'credits_consumed_total',
      help: 'Credits consumed by paid answers, by route',
      labelNames: ['route'],
      registers,
    }),
    cache: new Gauge({
      name: 'answer_cache_lookups',
      help: 'Answer cache lookups since start, by result (hit or miss)',
      labelNames: ['result'],
      registers,
      collect() {
        this.set({ result: 'hit' }, sources.cache.hits);
        this.set({ result: 'miss' }, sources.cache.misses);
      },
    }),
    queue: new Gauge({
      name: 'duckdb_queue_depth',
      help: 'Queries waiting for a DuckDB connection, by lane',
      labelNames: ['lane'],
      registers,
      collect() {
        const queued = sources.queued();
        for (const lane of ['light', 'heavy'] as const) this.set({ lane }, queued?.[lane] ?? 0);
      },
    }),
    snapshotAge: new Gauge({
      name: 'snapshot_age_seconds',
      help: 'Age of the serving data snapshot (since it was built)',
      registers,
      collect() {
        const age = snapshotAge();
        if (age === undefined) this.reset();
        else this.set(age);
      },
    }),
  };
}

/**
 * Prometheus metrics: requests by route and status, latency histograms, credits
 * consumed, answer cache lookups, DuckDB queue depth, snapshot age, and the process
 * defaults (memory, event loop lag, GC). Counting is an increment per answer; the
 * rest is read when `/metrics` is scraped.
 */
export function registerMetrics(app: FastifyInstance, opts: MetricsOptions): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metrics = defineMetrics(registry, opts.sources);
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // Unknown paths share one label: a scan of random URLs must not grow the series without bound.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requests.inc({ route, status: reply.statusCode });
    metrics.latency.observe({ route }, reply.elapsedTime / 1000);
    if (request.charged) metrics.credits.inc({ route }, request.charged);
    done();
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (opts.token !== undefined) {
      const auth = /^bearer +(\S+)$/i.exec(request.headers.authorization ?? '');
      if (!auth || !secretMatches(opts.token, auth[1])) {
        throw new ApiError('invalid_key', '/metrics needs Authorization: Bearer <METRICS_TOKEN>.', {
          headers: { 'www-authenticate': 'Bearer realm="metrics"' },
        });
      }
    }
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  allowOnlyGet(app, '/metrics');
}
