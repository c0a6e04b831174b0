import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { secretMatches } from '../secrets.js';
import { ApiError } from '../errors.js';
import type { Lane } from '../store/duckdb.js';
import type { PullStatus } from '../store/store-pull.js';
import { allowOnlyGet } from './routes.js';

/** What `/metrics` reads at each scrape from the rest of the server. */
export interface MetricSources {
  cache: { hits: number; misses: number };
  /** Queries waiting for a DuckDB connection, by lane (undefined: no snapshot yet). */
  queued(): Record<Lane, number> | undefined;
  /** When the serving snapshot was created (undefined: none, or a name without a time). */
  snapshotCreatedAt(): Date | undefined;
  /** The serving snapshot's name (undefined: none yet). */
  snapshotName(): string | undefined;
  /** Snapshots refused because a file held what this service never writes. */
  snapshotsRefused(): number;
  /** With an object store: what this replica knows of it. */
  snapshotStore?: PullStatus;
  /** The official sources' updates in this DATA_DIR (`npm run update`), when there is a way to read them. */
  sourceUpdates?: () => Promise<Record<string, SourceUpdateCounts>>;
}

/** What `/metrics` says of one source of the catalogue. */
export interface SourceUpdateCounts {
  /** ISO 8601; null when it never succeeded. */
  last_success: string | null;
  /** Runs in which it failed, since its state began. */
  failures?: number;
}

export interface MetricsOptions {
  /** When set, `/metrics` needs `Authorization: Bearer <token>`. */
  token: string | undefined;
  sources: MetricSources;
}

/** Seconds; from a cached answer (about a millisecond) to a request's deadline. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the server counts as it answers. */
function defineCounts(registry: Registry) {
  const registers = [registry];
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
    inFlight: new Gauge({
      name: 'http_requests_in_flight',
      help: 'Requests received and not yet answered (a scrape counts itself)',
      registers,
    }),
  };
}

/** What is read from the rest of the server at each scrape. */
function defineScrapedGauges(registry: Registry, sources: MetricSources): void {
  const registers = [registry];
  new Gauge({
    name: 'answer_cache_lookups',
    help: 'Answer cache lookups since start, by result (hit or miss)',
    labelNames: ['result'],
    registers,
    collect() {
      this.set({ result: 'hit' }, sources.cache.hits);
      this.set({ result: 'miss' }, sources.cache.misses);
    },
  });
  new Gauge({
    name: 'duckdb_queue_depth',
    help: 'Queries waiting for a DuckDB connection, by lane',
    labelNames: ['lane'],
    registers,
    collect() {
      const queued = sources.queued();
      for (const lane of ['light', 'heavy'] as const) this.set({ lane }, queued?.[lane] ?? 0);
    },
  });
  defineStoreGauges(registers, sources);
  defineSourceGauges(registers, sources);
  new Gauge({
    name: 'snapshots_refused',
    help: 'Snapshots refused because a file held what this service never writes (a view, a macro, an unknown table)',
    registers,
    collect() {
      this.set(sources.snapshotsRefused());
    },
  });
  new Gauge({
    name: 'snapshot_age_seconds',
    help: 'Age of the serving data snapshot (since it was built)',
    registers,
    collect() {
      const created = sources.snapshotCreatedAt();
      if (created === undefined) this.reset();
      else this.set((Date.now() - created.getTime()) / 1000);
    },
  });
}

/** The updates of the official sources, read from the update state at each scrape. */
function defineSourceGauges(registers: Registry[], sources: MetricSources): void {
  const read = sources.sourceUpdates;
  if (!read) return;
  new Gauge({
    name: 'source_last_success_timestamp_seconds',
    help: 'When each official source last updated successfully (npm run update), in Unix seconds',
    labelNames: ['source'],
    registers,
    async collect() {
      this.reset();
      for (const [source, s] of Object.entries(await read())) {
        const at = s.last_success ? Date.parse(s.last_success) : NaN;
        if (Number.isFinite(at)) this.set({ source }, at / 1000);
      }
    },
  });
  new Gauge({
    name: 'source_update_failures_total',
    help: 'Update runs in which each official source failed (npm run update)',
    labelNames: ['source'],
    registers,
    async collect() {
      this.reset();
      for (const [source, s] of Object.entries(await read())) this.set({ source }, s.failures ?? 0);
    },
  });
}

/** The object store's side: its current snapshot, the age of the last answered poll, failures. */
function defineStoreGauges(registers: Registry[], sources: MetricSources): void {
  const pull = sources.snapshotStore;
  if (!pull) return;
  new Gauge({
    name: 'snapshot_store_last_poll_age_seconds',
    help: 'Seconds since the object store last answered a poll',
    registers,
    collect() {
      if (pull.lastPollOkAt) this.set((Date.now() - pull.lastPollOkAt.getTime()) / 1000);
      else this.reset();
    },
  });
  new Gauge({
    name: 'snapshot_store_poll_failures',
    help: 'Polls and downloads of the object store that failed since start',
    registers,
    collect() {
      this.set(pull.pollFailures);
    },
  });
  new Gauge({
    name: 'snapshot_store_checksum_failures',
    help: 'Objects refused since start: their SHA-256 differed from the manifest',
    registers,
    collect() {
      this.set(pull.checksumFailures);
    },
  });
  new Gauge({
    name: 'snapshot_store_proof_failures',
    help: 'Downloaded snapshots refused since start: they did not open as a server opens them',
    registers,
    collect() {
      this.set(pull.proofFailures);
    },
  });
  new Gauge({
    name: 'snapshot_store_info',
    help: "The object store's current snapshot (label store) and the one this replica serves (label local)",
    labelNames: ['store', 'local'],
    registers,
    collect() {
      this.reset();
      this.set({ store: pull.storeCurrent ?? '', local: sources.snapshotName() ?? '' }, 1);
    },
  });
}

/**
 * Prometheus metrics (registered before the access checks, so that the requests they
 * refuse are counted too): requests by route and status, latency histograms, credits
 * consumed, requests in flight, answer cache lookups, DuckDB queue depth, snapshot age, and the process
 * defaults (memory, event loop lag, GC). Counting is an increment per answer; the
 * rest is read when `/metrics` is scraped.
 */
export function registerMetrics(app: FastifyInstance, opts: MetricsOptions): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const metrics = defineCounts(registry);
  defineScrapedGauges(registry, opts.sources);
  // A request leaves the in-flight count when it is counted as answered (so that the two
  // never miss it in between), or at its connection's close when never answered; only a
  // request counted in is counted out.
  const inFlight = new WeakSet<FastifyReply>();
  const settle = (reply: FastifyReply) => {
    if (inFlight.delete(reply)) metrics.inFlight.dec();
  };
  app.addHook('onRequest', (_request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    inFlight.add(reply);
    metrics.inFlight.inc();
    reply.raw.once('close', () => settle(reply));
    done();
  });
  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // Unknown paths share one label: a scan of random URLs must not grow the series without bound.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.requests.inc({ route, status: reply.statusCode });
    metrics.latency.observe({ route }, reply.elapsedTime / 1000);
    if (request.charged) metrics.credits.inc({ route }, request.charged);
    settle(reply);
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
