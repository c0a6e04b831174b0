/**
 * Throughput of the service against the framework's ceiling, measured in one run:
 * a bare Fastify hello-world and the service (`node dist/src/main.js`) each run in
 * their own process, and the load comes from a third (bench/load-driver.ts). Every
 * scenario is repeated BENCH_REPEATS times (default 3); the table shows medians and
 * each scenario's req/s as a share of hello-world's median.
 *
 *   npm run bench:load [-- --seconds 5 --connections 32 --repeats 3]
 *
 * Embedded scenarios use a key with a quota and a rate limit, so every request passes
 * the rate limit and the credit check and is written to the usage ledger. "Unique"
 * scenarios run with the answer cache off (RESPONSE_CACHE_MB=0): each answer is
 * computed. The distributed scenario needs PostgreSQL and Redis (DATABASE_URL,
 * REDIS_URL; local defaults).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openEmbeddedKeyAdmin } from '../src/access/stores/sqlite.js';
import { PgKeyAdmin, createPool, migrate } from '../src/access/stores/postgres.js';
import type { DriverResult, DriverScenario } from './load-driver.js';
import { type LoadScenario, scenarioGroups } from './load-scenarios.js';
import { type Server, runNode, startHello, startService } from './load-servers.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    repeats: { type: 'string', default: process.env.BENCH_REPEATS ?? '3' },
  },
});
const durationS = Number(values.seconds);
const connections = Number(values.connections);
const repeats = Number(values.repeats);
const dataDir = process.env.BENCH_DATA_DIR ?? path.join(tmpdir(), 'econtrade-bench-load');
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** BENCH_SERVICE_ENV: settings of the measured service, as a JSON object (e.g. `{"DUCKDB_QUEUE_MAX":"16"}`). */
const serviceEnv = JSON.parse(process.env.BENCH_SERVICE_ENV ?? '{}') as Record<string, string>;
/** BENCH_SCENARIOS: comma-separated words; only scenarios whose name holds one of them run. */
const only = process.env.BENCH_SCENARIOS?.split(',');
const work = mkdtempSync(path.join(tmpdir(), 'econtrade-bench-driver-'));

/** Runs one scenario's load in the driver process and returns its figures. */
async function drive(url: string, key: string, s: LoadScenario): Promise<DriverResult> {
  const file = path.join(work, `${s.name.replace(/\W+/g, '-')}.json`);
  const scenario: DriverScenario = {
    url,
    paths: s.paths,
    connections: s.connections ?? connections,
    durationS: s.durationS ?? durationS,
    warmupS: s.warmupS ?? 1,
    headers: { authorization: `Bearer ${key}`, ...s.headers },
  };
  writeFileSync(file, JSON.stringify(scenario));
  return JSON.parse(await runNode(['--import', 'tsx', 'bench/load-driver.ts', file])) as DriverResult;
}

const HELLO = 'hello-world (bare Fastify)';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

interface Row {
  scenario: string;
  runs: DriverResult[];
  /** Server CPU per request of each run, in ms (warm-up included, counted at the measured rate). */
  cpu: number[];
}

/** Keys with a quota and a generous rate limit, on both backends. */
async function createKeys(): Promise<{ embedded: string; distributed: string }> {
  mkdirSync(dataDir, { recursive: true });
  const rate = { requests: 10_000_000, windowS: 10 };
  const admin = openEmbeddedKeyAdmin(dataDir);
  const embedded = (await admin.create({ name: 'bench-load', quota: 1e12, rate })).key;
  await admin.close();
  const pool = createPool(databaseUrl);
  await migrate(pool);
  const distributed = (await new PgKeyAdmin(pool).create({ name: 'bench-load', quota: 1e12, rate })).key;
  await pool.end();
  return { embedded, distributed };
}

/** One repeat: hello-world, then each group of scenarios on a service started with the group's settings. */
async function runOnce(rows: Map<string, Row>, keys: { embedded: string; distributed: string }): Promise<void> {
  const record = (name: string, r: DriverResult, cpuMs?: number) => {
    const row = rows.get(name) ?? { scenario: name, runs: [], cpu: [] };
    row.runs.push(r);
    if (cpuMs !== undefined && r.rps > 0) row.cpu.push(cpuMs / (r.rps * (durationS + 1)));
    rows.set(name, row);
  };
  const hello = await startHello();
  const helloCpu = hello.cpuMs();
  record(HELLO, await drive(hello.url, '', { name: 'hello', paths: ['/'] }), hello.cpuMs() - helloCpu);
  await hello.stop();
  for (const group of await scenarioGroups(dataDir)) {
    const env = {
      ...group.env,
      ...serviceEnv,
      ...(group.distributed ? { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl } : {}),
    };
    const server: Server = await startService(dataDir, env);
    const key = group.distributed ? keys.distributed : keys.embedded;
    try {
      for (const s of await group.scenarios(server.url, key)) {
        if (only && !only.some((word) => s.name.includes(word))) continue;
        if (s.concurrent) {
          const [main, side] = await Promise.all([drive(server.url, key, s), drive(server.url, key, s.concurrent)]);
          record(s.name, main);
          record(s.concurrent.name, side);
        } else {
          const cpu = server.cpuMs();
          const r = await drive(server.url, key, s);
          record(s.name, r, s.durationS || s.warmupS !== undefined ? undefined : server.cpuMs() - cpu);
        }
      }
    } finally {
      await server.stop();
    }
  }
}

function printTable(rows: Map<string, Row>): void {
  const helloRps = median(rows.get(HELLO)!.runs.map((r) => r.rps));
  const table = [...rows.values()].map(({ scenario, runs, cpu }) => {
    const rps = median(runs.map((r) => r.rps));
    const failed = runs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
    return {
      scenario,
      'req/s': rps,
      'p50 ms': median(runs.map((r) => r.p50)),
      'p99 ms': median(runs.map((r) => r.p99)),
      'max ms': Math.max(...runs.map((r) => r.max)),
      'of hello': `${((100 * rps) / helloRps).toFixed(1)} %`,
      'non-2xx': failed,
      'server CPU ms/req': cpu.length ? median(cpu).toFixed(2) : '',
    };
  });
  console.table(table);
}

/**
 * The load average, printed with the figures: on a busy machine a bare server slows
 * more than ours, so a ratio taken there flatters the service.
 */
function printLoad(when: string): void {
  const [one, five] = loadavg() as [number, number];
  console.log(`load average ${when}: ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min)`);
  if (one > 0.5)
    console.warn(`warning: load average ${one.toFixed(2)} above 0.5 ${when}: these ratios flatter the service`);
}

async function main(): Promise<void> {
  printLoad('before');
  const keys = await createKeys();
  const rows = new Map<string, Row>();
  for (let i = 0; i < repeats; i++) await runOnce(rows, keys);
  printTable(rows);
  printLoad('after');
  const statuses = [...rows.values()].map((r) => ({ scenario: r.scenario, statuses: r.runs.map((x) => x.statuses) }));
  console.log(JSON.stringify(statuses));
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => rmSync(work, { recursive: true, force: true }));
