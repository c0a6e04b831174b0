import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import { allowOnlyGet } from './routes.js';

/** A dependency check of `/readyz`: resolves when the dependency answers. */
export type Probe = () => Promise<unknown>;

/** How long `/readyz` waits for one dependency before counting it down. */
const PROBE_TIMEOUT_MS = 1_000;

async function passes(probe: Probe): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS)));
  try {
    return await Promise.race([probe().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `/healthz`: 200 while the process runs (a liveness probe restarts a process that
 * stops answering). `/readyz`: 200 when every probe passes (a snapshot is loaded, the
 * shared stores answer), else 503 with the canonical error body and which probe
 * failed, so a load balancer sends requests elsewhere meanwhile. Neither needs a key
 * nor passes the gateway: probes come from the platform, not through it.
 */
/** What `/readyz` adds to its answer: fields (the snapshots), and why it waits when it is not ready. */
export type ReadinessDetail = () => { fields: Record<string, unknown>; waiting?: string };

export function registerHealth(app: FastifyInstance, probes: Record<string, Probe>, detail?: ReadinessDetail): void {
  const hide = { schema: { hide: true } };
  app.get('/healthz', hide, (request) => ({ status: 'ok', request_id: request.id }));
  app.get('/readyz', hide, async (request, reply) => {
    const names = Object.keys(probes);
    const results = await Promise.all(names.map((name) => passes(probes[name]!)));
    const checks = Object.fromEntries(names.map((name, i) => [name, results[i] ? 'ok' : 'unavailable']));
    const down = names.filter((_, i) => !results[i]);
    const more = detail?.();
    if (down.length === 0) return { status: 'ready', checks, ...more?.fields, request_id: request.id };
    const why = more?.waiting ? ` (${more.waiting})` : '';
    const error = new ApiError('provider_unavailable', `Not ready: ${down.join(', ')} unavailable${why}.`);
    reply.code(error.status);
    return { error: error.code, message: error.message, request_id: request.id, checks, ...more?.fields };
  });
  allowOnlyGet(app, '/healthz');
  allowOnlyGet(app, '/readyz');
}
