/**
 * `npm run bench:extract -- --data-dir DIR [--query 'from=2015&to=2024'] [--repeats 3]`:
 * one `/v1/trade/bulk` extract of a snapshot (build one with `SAMPLE_SCALE=1 npm start`
 * first), read to the end while `/v1/countries` is asked in a loop beside it. Prints
 * the rows and bytes of the file and its rate, the server's RSS idle and at its
 * highest during the extract (sampled every 50 ms from /proc), and the p50/p99 of
 * the concurrent requests; then reads the file back with DuckDB and compares its
 * count and total with `/v1/trade/summary`. With the load average before and after.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { createWriteStream, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { openEmbeddedKeyAdmin } from '../src/access/stores/sqlite.js';
import { startService } from './load-servers.js';
import { printLoad, rssMb } from './machine.js';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    query: { type: 'string', default: '' },
    repeats: { type: 'string', default: '1' },
    port: { type: 'string', default: '8199' },
  },
});
const dataDir = values['data-dir'];
if (!dataDir) throw new Error('--data-dir DIR: a DATA_DIR holding a published snapshot');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)] ?? 0;

/** `/v1/countries` one after another until `stop`; the latency of each, in ms. */
async function askCountries(url: string, key: string, stop: { done: boolean }): Promise<number[]> {
  const times: number[] = [];
  while (!stop.done) {
    const t = performance.now();
    const r = await fetch(`${url}/v1/countries`, { headers: { authorization: `Bearer ${key}` } });
    await r.arrayBuffer();
    times.push(performance.now() - t);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return times;
}

async function once({ url, key, pid, file }: { url: string; key: string; pid: number; file: string }) {
  const idle = rssMb(pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const stop = { done: false };
  const asking = askCountries(url, key, stop);
  const started = performance.now();
  const r = await fetch(`${url}/v1/trade/bulk?${values.query}`, { headers: { authorization: `Bearer ${key}` } });
  if (r.status !== 200 || !r.body) throw new Error(`bulk: ${r.status} ${await r.text()}`);
  await pipeline(Readable.fromWeb(r.body as never), createWriteStream(file));
  const seconds = (performance.now() - started) / 1000;
  stop.done = true;
  clearInterval(sampler);
  const times = await asking;
  return { rows: Number(r.headers.get('x-rows')), seconds, idle, peak, times };
}

async function main(): Promise<void> {
  printLoad('before');
  const admin = openEmbeddedKeyAdmin(dataDir!);
  const key = (await admin.create({ name: 'bench-extract', quota: 1e12, rate: { requests: 1e7, windowS: 10 } })).key;
  await admin.close();
  const server = await startService(dataDir!, {}, Number(values.port));
  // Idle once the snapshot's sums read ahead at start are in memory: RSS steady for 2 s.
  for (let last = 0, now = rssMb(server.pid); Math.abs(now - last) > 2; now = rssMb(server.pid)) {
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const file = path.join(tmpdir(), `bench-extract-${process.pid}.parquet`);
  try {
    const runs = [];
    for (let i = 0; i < Number(values.repeats); i++)
      runs.push(await once({ url: server.url, key, pid: server.pid, file }));
    for (const [i, r] of runs.entries())
      console.log(
        `run ${i + 1}: ${r.seconds.toFixed(1)} s, RSS idle ${r.idle.toFixed(0)} MB, highest ${r.peak.toFixed(0)} MB`,
      );
    const last = runs[runs.length - 1]!;
    const times = runs.flatMap((r) => r.times);
    console.log(
      `extract of ${last.rows} rows: ${median(runs.map((r) => r.seconds)).toFixed(1)} s (median of ${runs.length}), ` +
        `${Math.round(last.rows / median(runs.map((r) => r.seconds)))} rows/s`,
    );
    console.log(
      `server RSS: idle ${median(runs.map((r) => r.idle)).toFixed(0)} MB, highest during the extract ` +
        `${Math.max(...runs.map((r) => r.peak)).toFixed(0)} MB ` +
        `(+${Math.max(...runs.map((r) => r.peak - r.idle)).toFixed(0)} MB)`,
    );
    console.log(
      `/v1/countries beside it: ${times.length} requests, p50 ${quantile(times, 0.5).toFixed(1)} ms, ` +
        `p99 ${quantile(times, 0.99).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
    );
    const conn = await (await DuckDBInstance.create(':memory:')).connect();
    const back = (
      await conn.runAndReadAll(`SELECT count(*)::BIGINT AS n, sum(value_usd) AS v FROM read_parquet('${file}')`)
    ).getRowObjects()[0]!;
    const summary = (await (
      await fetch(`${server.url}/v1/trade/summary?${values.query.replace(/(^|&)format=[^&]*/g, '')}`, {
        headers: { authorization: `Bearer ${key}` },
      })
    ).json()) as { data: { trade_value: number } };
    console.log(
      `read back by DuckDB: ${String(back.n)} rows, total ${Number(back.v).toFixed(0)} USD; ` +
        `/v1/trade/summary: ${summary.data.trade_value.toFixed(0)} USD`,
    );
  } finally {
    rmSync(file, { force: true });
    await server.stop();
    printLoad('after');
  }
}

await main();
