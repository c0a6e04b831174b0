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
import { createAccess } from '../src/access/setup.js';
import { FileKeyAdmin } from '../src/access/stores/file.js';
import { PgKeyAdmin, createPool, migrate } from '../src/access/stores/postgres.js';
import { ensureDataset } from '../src/sample/index.js';
import { loadSettings } from '../src/settings.js';
import { datasetStore } from '../src/datasets.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    path: { type: 'string', default: '/v1/countries' },
  },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);

async function measure(label: string, app: Awaited<ReturnType<typeof buildApp>>, key: string) {
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

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-bench-access-'));
  try {
    await ensureDataset(dataDir, { seed: 1, scale: 0.003 });
    const store = datasetStore({ dataDir, queryTimeoutMs: 10_000, pollMs: 1000 });
    await store.start();
    const rows = [];
    rows.push(
      await measure(
        'key check only (no limits, no metering)',
        await buildApp({ store, keyStore: bootstrapKeyStore('bench'), gatewaySecret: undefined, logLevel: 'silent' }),
        'bench',
      ),
    );

    const base = {
      ...loadSettings(),
      dataDir,
      rateLimitRequests: 1e9,
      rateLimitWindowS: 60,
      redisUrl: undefined,
      databaseUrl: undefined,
    };
    const embedded = await createAccess(base);
    const { key } = await new FileKeyAdmin(dataDir).create({ name: 'bench', quota: 1e12, rate: null });
    rows.push(
      await measure(
        'embedded: rate limit + quota + ledger',
        await buildApp({
          store,
          keyStore: embedded.keyStore,
          accessChecks: embedded.checks,
          metering: embedded.onSend,
          gatewaySecret: undefined,
          logLevel: 'silent',
        }),
        key,
      ),
    );
    await embedded.close();

    const { REDIS_URL, DATABASE_URL } = process.env;
    if (REDIS_URL && DATABASE_URL) {
      const pool = createPool(DATABASE_URL);
      await migrate(pool);
      const created = await new PgKeyAdmin(pool).create({ name: 'bench', quota: 1e12, rate: null });
      await pool.end();
      const distributed = await createAccess({ ...base, redisUrl: REDIS_URL, databaseUrl: DATABASE_URL });
      rows.push(
        await measure(
          'distributed: Redis limits/credits + PostgreSQL ledger',
          await buildApp({
            store,
            keyStore: distributed.keyStore,
            accessChecks: distributed.checks,
            metering: distributed.onSend,
            gatewaySecret: undefined,
            logLevel: 'silent',
          }),
          created.key,
        ),
      );
      await distributed.close();
    }
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
