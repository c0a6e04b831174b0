import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from '../../src/app.js';
import { bootstrapKeyStore } from '../../src/access/keys.js';
import { provideSample } from './sample.js';
import { datasetStore, type DatasetStore } from '../../src/datasets.js';

export const TEST_KEY = 'test-key-0123456789abcdef';
export { TEST_AS_OF, TEST_SCALE } from './sample.js';

export interface TestServer {
  url: string;
  dataDir: string;
  app: App;
  store: DatasetStore;
  /** GET with the test key (unless headers say otherwise); returns status, headers and parsed body. */
  get(pathAndQuery: string, init?: RequestInit): Promise<{ status: number; headers: Headers; body: any }>;
  /** GET that must answer 200; returns its `data`. */
  data(pathAndQuery: string): Promise<any>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  gatewaySecret?: string;
  queryTimeoutMs?: number;
  dataDir?: string;
}

/** A real server on a real port over a real DuckDB snapshot built from the sample generator. */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  const ownDir = !opts.dataDir;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'econtrade-test-'));
  await provideSample(dataDir);
  const store = datasetStore({ dataDir, queryTimeoutMs: opts.queryTimeoutMs ?? 10_000, pollMs: 100 });
  await store.start();
  const app = await buildApp({
    store,
    keyStore: bootstrapKeyStore(TEST_KEY),
    gatewaySecret: opts.gatewaySecret,
    logLevel: 'silent',
    queryTimeoutMs: opts.queryTimeoutMs,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const get: TestServer['get'] = async (pathAndQuery, init = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('authorization')) headers.set('authorization', `Bearer ${TEST_KEY}`);
    const res = await fetch(url + pathAndQuery, { ...init, headers });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: the assertion will show the text */
    }
    return { status: res.status, headers: res.headers, body };
  };
  return {
    url,
    dataDir,
    app,
    store,
    get,
    async data(pathAndQuery) {
      const r = await get(pathAndQuery);
      if (r.status !== 200) throw new Error(`${pathAndQuery}: expected 200, got ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.data;
    },
    async close() {
      await app.close();
      store.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Asserts the canonical error shape, status and code, and the request id in header and body. */
export function expectError(
  res: { status: number; headers: Headers; body: any },
  status: number,
  code: string,
  assert: typeof import('node:assert/strict'),
): void {
  assert.equal(res.status, status, `expected ${status} ${code}, got ${res.status} ${JSON.stringify(res.body)}`);
  assert.equal(res.body.error, code);
  assert.equal(typeof res.body.message, 'string');
  assert.ok(res.body.message.length > 0);
  assert.match(res.body.request_id, UUID_V4);
  assert.equal(res.headers.get('x-request-id'), res.body.request_id);
  assert.match(res.headers.get('content-type') ?? '', /^application\/json; charset=utf-8/);
  const keys = Object.keys(res.body).sort();
  assert.deepEqual(
    keys,
    status === 422 ? ['detail', 'error', 'message', 'request_id'] : ['error', 'message', 'request_id'],
  );
  assert.doesNotMatch(res.body.message, /\bat .*\.(ts|js):\d+|SELECT |FROM econ/);
}

export { UUID_V4 };
