import { buildApp, type App } from '../../src/app.js';
import { bootstrapKeyStore } from '../../src/access/keys.js';
import { datasetStore, type DatasetStore, type KeptInMemory } from '../../src/datasets.js';
import { TEST_KEY } from './server.js';

/** An app and its snapshot store, in the test's own process (requests by `inject`). */
export interface Served {
  app: App;
  store: DatasetStore;
}

/**
 * Serves `dataDir` without an answer cache, so every answer is computed; `store` adds
 * snapshot options, `heavy` how many heavy answers are computed at once and may wait.
 */
export async function serveInProcess(
  dataDir: string,
  store: KeptInMemory = {},
  heavy?: { concurrency: number; maxWaiting: number },
): Promise<Served> {
  const snapshots = datasetStore({ dataDir, queryTimeoutMs: 30_000, pollMs: 60_000, ...store });
  await snapshots.start();
  const app = await buildApp({
    store: snapshots,
    keyStore: bootstrapKeyStore(TEST_KEY),
    logLevel: 'silent',
    gatewaySecret: undefined,
    responseCacheBytes: 0,
    ...(heavy ? { heavy } : {}),
  });
  await app.ready();
  return { app, store: snapshots };
}

/** Status and body of a GET with the test key, without the fields that differ per request. */
export async function answerOf(s: Served, url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await s.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TEST_KEY}` } });
  const { request_id: _id, duration_ms: _ms, ...body } = JSON.parse(res.body) as Record<string, unknown>;
  return { status: res.statusCode, body };
}

/** Closes what `serveInProcess` opened. */
export async function closeServed(s: Served): Promise<void> {
  await s.app.close();
  s.store.close();
}
