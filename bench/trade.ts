/**
 * Latency of every trade operation against a running server, loaded by wrk (a C
 * client: `apt-get install wrk`), over seeded realistic queries, every request a
 * distinct one (so answers are computed, not served from the answer cache): each
 * operation one connection at a time, then 32 connections; then the whole mix at 32;
 * then cheap answers beside 200 connections of heavy ones (BENCH_OVERLOAD=0: not).
 * Prints p50 / p99 / req/s per operation and connection count, the load average at
 * start, the size of the data being served, and the server's peak RSS when BENCH_PID
 * names its process.
 *
 *   BENCH_URL=http://127.0.0.1:8080 BENCH_KEY=… DATA_DIR=./data [BENCH_PID=…] npm run bench
 *
 * BENCH_OPERATIONS (comma-separated names as printed) measures only those operations
 * (`mix` among them: the mix of every operation too);
 * BENCH_SECONDS (default 3) is each run's length; BENCH_MIX_PATHS (default 20000) the
 * distinct queries of the mix, run for BENCH_MIX_SECONDS (default 10). Then the economic
 * complexity operations' first and repeated answers at HS4 and HS6 (`complexity.ts`;
 * BENCH_COMPLEXITY=0: not).
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { printLoad } from './machine.js';
import { benchComplexity } from './complexity.js';
import { buildMixes, discoverUniverse, pick } from './mixes.js';
import { distinctPaths, runWrk } from './wrk.js';
import { readCurrentName, snapshotsDir } from '../src/store/snapshot-layout.js';

const url = process.env.BENCH_URL ?? 'http://127.0.0.1:8080';
const key = process.env.BENCH_KEY ?? process.env.BOOTSTRAP_API_KEY ?? '';
const seconds = Number(process.env.BENCH_SECONDS ?? 3);
const mixPaths = Number(process.env.BENCH_MIX_PATHS ?? 20000);
const mixSeconds = Number(process.env.BENCH_MIX_SECONDS ?? 10);
const dataDir = process.env.DATA_DIR ?? './data';
/** Seconds of the mix at 32 connections (paths of its own) before any measure: a server in use, not just started. */
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);

async function get(p: string): Promise<any> {
  const res = await fetch(url + p, { headers: { authorization: `Bearer ${key}` } });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

/** One line of the results table. */
interface OperationStats {
  operation: string;
  connections: number;
  requests: number;
  req_per_s: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  errors: number;
  /** More requests than distinct paths: later ones repeated a path (and may have been cached). */
  cycled: boolean;
}

/**
 * Distinct paths for a run of `connections`: enough for about 1 700 (one connection) or
 * 6 700 (32) req/s over the run; an operation answering faster, or with fewer distinct
 * queries, repeats paths (`cycled`), and its repeats may be served from the answer cache.
 */
const pathsFor = (connections: number) => (connections === 1 ? 5000 : 20_000) * Math.max(1, seconds / 3);

async function measure(
  operation: string,
  paths: string[],
  run: { connections: number; seconds?: number },
): Promise<OperationStats> {
  const { connections, seconds: runSeconds = seconds } = run;
  const r = await runWrk({ url, key, paths, connections, seconds: runSeconds });
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    operation,
    connections,
    requests: r.requests,
    req_per_s: r.reqPerSec,
    p50_ms: round(r.p50Ms),
    p99_ms: round(r.p99Ms),
    max_ms: round(r.maxMs),
    errors: r.errors,
    cycled: r.cycled,
  };
}

/** Row counts and file sizes of the snapshot being served, when `dir` holds one. */
async function printDataStats(dir: string): Promise<void> {
  const current = await readCurrentName(dir);
  if (!current) return;
  const snapshot = path.join(snapshotsDir(dir), current);
  const files = readdirSync(snapshot).map((f) => ({
    file: f,
    MiB: Math.round(statSync(path.join(snapshot, f)).size / 2 ** 20),
  }));
  const instance = await DuckDBInstance.create(path.join(snapshot, 'trade.duckdb'), { access_mode: 'READ_ONLY' });
  const conn = await instance.connect();
  const counts = (
    await conn.runAndReadAll(
      'SELECT (SELECT count(*) FROM annual_by_year)::DOUBLE AS annual_rows, ' +
        '(SELECT count(*) FROM monthly_by_month)::DOUBLE AS monthly_rows, ' +
        '(SELECT count(*) FROM products)::DOUBLE AS products',
    )
  ).getRowObjectsJson()[0];
  conn.closeSync();
  instance.closeSync();
  console.log('data:', counts, files);
}

/** Samples the server's resident memory (BENCH_PID) every 200 ms; prints the peak when stopped. */
function watchRss(): { stop(): void } {
  const pid = process.env.BENCH_PID;
  if (!pid) return { stop: () => undefined };
  let peak = 0;
  const sample = () => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    peak = Math.max(peak, kb);
  };
  const timer = setInterval(sample, 200);
  return {
    stop: () => {
      clearInterval(timer);
      console.log(`server peak RSS: ${(peak / 2 ** 20).toFixed(2)} GiB`);
    },
  };
}

/**
 * 200 connections of distinct heavy queries (monthly flows, product markets, 1 000-row
 * listings) and, meanwhile from a second wrk, 4 connections of cheap answers (the
 * catalogue and a repeated answer, kept in the answer cache before the heavy load
 * starts): how long the cheap wait.
 */
async function overload(mixes: ReturnType<typeof buildMixes>): Promise<OperationStats[]> {
  const kinds = ['/v1/trade/monthly', '/v1/trade/products/{pid}/markets', '/v1/trade?reporter&limit=1000'];
  const heavy = distinctPaths(() => mixes[pick(kinds)]!(), 20_000);
  const cheap = ['/v1/countries', '/v1/trade/summary?reporter=DE&partner=CN'];
  // Cached before the heavy load starts: what is measured is how long a kept answer waits.
  for (const p of cheap) await get(p);
  const loaded = measure('overload: 200 heavy distinct', heavy, { connections: 200, seconds: seconds + 2 });
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const meanwhile = await measure('overload: cheap cached meanwhile', cheap, { connections: 4 });
  return [await loaded, meanwhile];
}

async function main(): Promise<void> {
  printLoad('at start');
  const universe = await discoverUniverse(get);
  const mixes = buildMixes(universe);
  const table: OperationStats[] = [];
  const rssPeak = watchRss();
  const only = process.env.BENCH_OPERATIONS ? process.env.BENCH_OPERATIONS.split(',') : undefined;
  const chosen = Object.entries(mixes).filter(([operation]) => !only || only.includes(operation));
  if (warmupSeconds > 0) {
    const every = Object.values(mixes);
    const paths = distinctPaths(() => pick(every)(), 20_000);
    console.table([await measure('warm-up (not counted)', paths, { connections: 32, seconds: warmupSeconds })]);
  }
  for (const [operation, next] of chosen) {
    for (const connections of [1, 32]) {
      table.push(await measure(operation, distinctPaths(next, pathsFor(connections)), { connections }));
    }
  }
  if (!only || only.includes('mix')) {
    // The mix is always of every operation, whichever are measured one by one.
    const nexts = Object.values(mixes);
    table.push(
      await measure(
        'mix',
        distinctPaths(() => pick(nexts)(), mixPaths),
        { connections: 32, seconds: mixSeconds },
      ),
    );
  }
  console.table(table);
  if (process.env.BENCH_OVERLOAD !== '0') console.table(await overload(mixes));
  if (process.env.BENCH_COMPLEXITY !== '0') {
    const pid = process.env.BENCH_PID ? Number(process.env.BENCH_PID) : undefined;
    await benchComplexity(get, { cid: 'DE', pid4: '8703', pid6: '870323', pid });
  }
  printLoad('at end');
  rssPeak.stop();
  await printDataStats(dataDir);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
