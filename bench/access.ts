/**
 * Cost of the access checks: requests per second on one endpoint with the key check
 * only (bootstrap key, no limits), and with rate limit + quota + usage ledger, on
 * the embedded backend and, when REDIS_URL and DATABASE_URL are set, the
 * distributed one. Servers run in this process on a small sample.
 *
 *   npm run bench:access [-- --seconds 5 --connections 10]
 */
import autocannon from 'autocannon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app.js';
import { bootstrapKeyStore } from '../src/access/keys.js';
import { type Access, createAccess } from '../src/access/setup.js';
import { openEmbeddedKeyAdmin } from '../src/access/stores/sqlite.js';
import { PgKeyAdmin, createPool, migrate } from '../src/access/stores/postgres.js';
import { ensureDataset } from '../src/sample/index.js';
import { type Settings, loadSettings } from '../src/settings.js';
import { type DatasetStore, datasetStore } from '../src/datasets.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    path: { type: 'string', default: '/v1/countries' },
  },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);

type App = Awaited<ReturnType<typeof buildApp>>;

async function measure(label: string, app: App, key: string) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  await autocannon({ url: url + values.path, connections, duration: 1, headers: { authorization: `Bearer ${key}` } });
  const r = await autocannon({
    url: url + values.path,
    connections,
    duration,
    headers: { authorization: `Bearer ${key}` },
  });
  await app.close();
  return {
    setup: label,
    rps: Math.round(r.requests.average),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
    non2xx: r.non2xx,
  };
}

/** What the metered setups share: the sample's folder and store, and the settings they start from. */
interface Bench {
  dataDir: string;
  store: DatasetStore;
  base: Settings;
}

/** Throughput with the bootstrap key: the key check only, no limits and no metering. */
async function measureKeyCheckOnly(store: DatasetStore) {
  return measure(
    'key check only (no limits, no metering)',
    await buildApp({ store, keyStore: bootstrapKeyStore('bench'), gatewaySecret: undefined, logLevel: 'silent' }),
    'bench',
  );
}

/** The app with an access setup's key store, checks and metering. */
function appWith(store: DatasetStore, access: Access): Promise<App> {
  return buildApp({
    store,
    keyStore: access.keyStore,
    accessChecks: access.checks,
    metering: access.onSend,
    gatewaySecret: undefined,
    logLevel: 'silent',
  });
}

/** Throughput with rate limit, quota and usage ledger on the embedded (SQLite) backend. */
async function measureEmbedded({ dataDir, store, base }: Bench) {
  const embedded = await createAccess(base);
  const admin = openEmbeddedKeyAdmin(dataDir);
  const { key } = await admin.create({ name: 'bench', quota: 1e12, rate: null });
  await admin.close();
  const row = await measure('embedded: rate limit + quota + ledger', await appWith(store, embedded), key);
  await embedded.close();
  return row;
}

/** Throughput with limits and credits in Redis and the ledger in PostgreSQL. */
async function measureDistributed({ store, base }: Bench, redisUrl: string, databaseUrl: string) {
  const pool = createPool(databaseUrl);
  await migrate(pool);
  const created = await new PgKeyAdmin(pool).create({ name: 'bench', quota: 1e12, rate: null });
  await pool.end();
  const distributed = await createAccess({ ...base, redisUrl, databaseUrl });
  const row = await measure(
    'distributed: Redis limits/credits + PostgreSQL ledger',
    await appWith(store, distributed),
    created.key,
  );
  await distributed.close();
  return row;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-bench-access-'));
  try {
    await ensureDataset(dataDir, { seed: 1, scale: 0.003 });
    const store = datasetStore({ dataDir, queryTimeoutMs: 10_000, pollMs: 1000 });
    await store.start();
    const rows = [];
    rows.push(await measureKeyCheckOnly(store));

    const base = {
      ...loadSettings(),
      dataDir,
      rateLimitRequests: 1e9,
      rateLimitWindowS: 60,
      redisUrl: undefined,
      databaseUrl: undefined,
    };
    const bench: Bench = { dataDir, store, base };
    rows.push(await measureEmbedded(bench));
    const { REDIS_URL, DATABASE_URL } = process.env;
    if (REDIS_URL && DATABASE_URL) rows.push(await measureDistributed(bench, REDIS_URL, DATABASE_URL));
    console.table(rows);
    store.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
