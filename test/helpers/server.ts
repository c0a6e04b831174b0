import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from '../../src/app.js';
import { HEAVY_CONCURRENCY_DEFAULT } from '../../src/settings.js';
import { bootstrapKeyStore } from '../../src/access/keys.js';
import { readCurrentName } from '../../src/store/snapshot-layout.js';
import { provideSample } from './sample.js';
import { datasetStore, type DatasetStore } from '../../src/datasets.js';

export const TEST_KEY = 'test-key-0123456789abcdef';
export { TEST_AS_OF, TEST_SCALE } from './sample.js';
export { UUID_V4, expectError } from './errors.js';

/** What a test sends: a method, headers and a body, as with fetch. */
export interface TestRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  body: any;
  /** The body's bytes (a file answer). */
  raw: Buffer;
}

export interface TestServer {
  /** The server's address; only with `listen: true` (other tests send their requests in-process). */
  url: string;
  dataDir: string;
  app: App;
  store: DatasetStore;
  /** GET with the test key (unless headers say otherwise); returns status, headers and parsed body. */
  get(pathAndQuery: string, init?: TestRequest): Promise<TestResponse>;
  /** GET that must answer 200; returns its `data`. */
  data(pathAndQuery: string): Promise<any>;
  /**
   * Switches to the snapshot CURRENT names now, as `store.refresh()` does, except that a
   * refresh the server's own poll began before CURRENT changed does not count.
   */
  refresh(): Promise<void>;
  /** Resolves once the server's own poll has switched to the snapshot CURRENT names now. */
  serving(): Promise<void>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  gatewaySecret?: string;
  queryTimeoutMs?: number;
  dataDir?: string;
  /** Queries that may wait for a DuckDB connection (the server's default when unset). */
  duckdbQueueMax?: number;
  /** Also listen on a port of 127.0.0.1, for tests that need a real socket (raw bytes, HTTP clients). */
  listen?: boolean;
}

/** How often a test server looks for a newly published snapshot. */
const POLL_MS = 20;
/** A bound against a server that never switches, so a broken swap fails instead of hanging. */
const SWAP_BOUND_MS = 30_000;

/**
 * The server over a real DuckDB snapshot built from the sample generator. Requests go
 * through Fastify's `inject` (the whole request pipeline, without a socket); with
 * `listen: true` it also listens on a real port.
 */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'econtrade-test-'));
  await provideSample(dataDir);
  const swaps = new EventEmitter();
  const store = datasetStore({
    dataDir,
    queryTimeoutMs: opts.queryTimeoutMs ?? 10_000,
    pollMs: POLL_MS,
    ...(opts.duckdbQueueMax === undefined ? {} : { duckdbQueueMax: opts.duckdbQueueMax }),
    onSwap: (name) => swaps.emit('swap', name),
  });
  await store.start();
  const app = await buildApp({
    store,
    keyStore: bootstrapKeyStore(TEST_KEY),
    gatewaySecret: opts.gatewaySecret,
    logLevel: 'silent',
    queryTimeoutMs: opts.queryTimeoutMs,
    // Heavy answers wait their turn in a queue as long as DuckDB's.
    ...(opts.duckdbQueueMax === undefined
      ? {}
      : { heavy: { concurrency: HEAVY_CONCURRENCY_DEFAULT, maxWaiting: opts.duckdbQueueMax } }),
  });
  let url: string | undefined;
  if (opts.listen) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  } else {
    await app.ready();
  }
  const get: TestServer['get'] = async (pathAndQuery, init = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('authorization')) headers.set('authorization', `Bearer ${TEST_KEY}`);
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: pathAndQuery,
      headers: Object.fromEntries(headers),
      ...(init.body === undefined ? {} : { payload: init.body }),
    });
    const answered = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      for (const v of [value ?? []].flat()) answered.append(name, String(v));
    }
    let body: unknown = res.payload;
    try {
      body = res.payload ? JSON.parse(res.payload) : undefined;
    } catch {
      /* not JSON: the assertion will show the text */
    }
    return { status: res.statusCode, headers: answered, body, raw: res.rawPayload };
  };
  return {
    get url(): string {
      if (!url) throw new Error('this test server does not listen: start it with { listen: true }');
      return url;
    },
    dataDir,
    app,
    store,
    get,
    async data(pathAndQuery) {
      const r = await get(pathAndQuery);
      if (r.status !== 200) throw new Error(`${pathAndQuery}: expected 200, got ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.data;
    },
    async refresh() {
      // `store.refresh()` joins a refresh in flight, which may have read CURRENT before an
      // ingest published: ask again until the store serves what CURRENT names.
      for (;;) {
        const name = await readCurrentName(dataDir);
        if (store.current?.name === name) return;
        await store.refresh();
      }
    },
    async serving() {
      const name = await readCurrentName(dataDir);
      await new Promise<void>((resolve, reject) => {
        const bound = setTimeout(() => {
          swaps.off('swap', check);
          reject(new Error(`the server did not switch to snapshot ${name} by itself`));
        }, SWAP_BOUND_MS);
        function check(): void {
          if (store.current?.name !== name) return;
          clearTimeout(bound);
          swaps.off('swap', check);
          resolve();
        }
        swaps.on('swap', check);
        check();
      });
    },
    async close() {
      await app.close();
      store.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
