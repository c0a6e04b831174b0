/**
 * Latency of every trade operation against a running server over a seeded mix of
 * realistic parameters, first one client at a time, then with 32 connections (each
 * round draws its own queries, so the second is not served from the answer cache of
 * the first). Prints p50 / p99 per operation and connection count, the rows each
 * returns on average, the size of the data being served, and the server's peak RSS
 * when BENCH_PID names its process.
 *
 *   BENCH_URL=http://127.0.0.1:8080 BENCH_KEY=… DATA_DIR=./data [BENCH_PID=…] npm run bench
 *
 * BENCH_OPERATIONS (comma-separated paths as printed) measures only those operations.
 */
import autocannon from 'autocannon';
import { DuckDBInstance } from '@duckdb/node-api';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Mix, buildMixes, discoverUniverse } from './mixes.js';
import { readCurrentName, snapshotsDir } from '../src/store/snapshot-layout.js';

const url = process.env.BENCH_URL ?? 'http://127.0.0.1:8080';
const key = process.env.BENCH_KEY ?? process.env.BOOTSTRAP_API_KEY ?? '';
const perOperation = Number(process.env.BENCH_REQUESTS ?? 300);
const dataDir = process.env.DATA_DIR ?? './data';

const headers = { authorization: `Bearer ${key}` };
async function get(p: string): Promise<any> {
  const res = await fetch(url + p, { headers });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

/** One operation's line of the results table. */
interface OperationStats {
  operation: string;
  connections: number;
  requests: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
  rows_avg: number;
  errors: number;
}

/** Rows in one answer's `data`: the list, the periods, the matches, the top traders, or the one record. */
function rowsOf(data: any): number {
  return Array.isArray(data)
    ? data.length
    : data.periods
      ? data.periods.length
      : data.matches
        ? data.matches.length
        : data.top_exporters
          ? data.top_exporters.length + data.top_importers.length
          : 1;
}

/** Sends `perOperation` requests of one operation's mix over `connections`, and sums up latency and rows. */
async function runOperation(operation: string, next: Mix, connections: number): Promise<OperationStats> {
  const paths = Array.from({ length: perOperation }, next);
  let rows = 0;
  let drawn = 0;
  let responses = 0;
  const result = await autocannon({
    url,
    connections,
    amount: perOperation,
    headers,
    // One request template whose path is drawn in turn across all connections: every
    // request is a distinct draw (a `requests` array would be replayed by each
    // connection). Bodies are parsed (to count rows) only one client at a time: parsing
    // in the load generator while 32 connections wait would inflate its latencies.
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: paths[drawn++ % paths.length]! }),
        ...(connections === 1
          ? {
              onResponse: (status: number, body: string) => {
                responses++;
                if (status === 200) rows += rowsOf(JSON.parse(body).data);
              },
            }
          : {}),
      },
    ],
  });
  return {
    operation,
    connections,
    requests: result.requests.total,
    p50_ms: result.latency.p50,
    p99_ms: result.latency.p99,
    max_ms: result.latency.max,
    rows_avg: connections === 1 ? Math.round(rows / Math.max(1, responses)) : NaN,
    errors: result.non2xx + result.errors,
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

async function main(): Promise<void> {
  const universe = await discoverUniverse(get);
  const mixes = buildMixes(universe);
  const table: OperationStats[] = [];
  const rssPeak = watchRss();
  const only = process.env.BENCH_OPERATIONS ? process.env.BENCH_OPERATIONS.split(',') : undefined;
  for (const [operation, next] of Object.entries(mixes)) {
    if (only && !only.includes(operation)) continue;
    for (const connections of [1, 32]) table.push(await runOperation(operation, next, connections));
  }
  console.table(table);
  rssPeak.stop();
  await printDataStats(dataDir);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
