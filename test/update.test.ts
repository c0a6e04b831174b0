import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { readCurrentName } from '../src/store/snapshot-layout.js';
import { ROOT } from './helpers/paths.js';
import pg from 'pg';
import { lockDeployment } from '../src/ingest/update/run-lock.js';
import { entryArgs, servicesUnavailable, startServerProcess } from './helpers/processes.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const run = promisify(execFile);

/**
 * `npm run update` end to end (CONTRACT §7): a local server plays the agencies (an
 * SDMX REST service answering SDMX-CSV 2.0 with ETags and `updatedAfter`, the World
 * Bank API v2, FRED), one that fails, one that answers 429 first and a slow one; the
 * catalogue is written by the test; a real server reads the snapshots.
 */

/** One observation the SDMX service holds: monthly unemployment, in the agency's codes. */
interface SdmxRow {
  area: string;
  period: string;
  value: string;
  /** When the agency last changed it (ms). */
  at: number;
  /** Withdrawn at `at`. */
  deleted?: boolean;
}
let sdmxRows: SdmxRow[] = [
  { area: 'DE', period: '2024-01', value: '3.1', at: 0 },
  { area: 'DE', period: '2024-02', value: '3.2', at: 0 },
  { area: 'FR', period: '2024-01', value: '7.5', at: 0 },
];
/** Changes what the SDMX service holds, as the agency publishing a new release now. */
function publishSdmx(change: (rows: SdmxRow[]) => SdmxRow[]): void {
  sdmxRows = change(sdmxRows);
  sdmxVersion++;
}
let sdmxVersion = 1;
/**
 * The SDMX service's answer, SDMX-CSV 2.0: with `updatedAfter`, the observations
 * changed since (withdrawn ones with ACTION D), none (404) when nothing did; else the
 * current observations.
 */
function sdmxAnswer(updatedAfter: string | null): string | undefined {
  const since = updatedAfter ? Date.parse(updatedAfter) : undefined;
  const rows = sdmxRows.filter((r) => (since === undefined ? !r.deleted : r.at > since));
  if (rows.length === 0) return undefined;
  const line = (r: SdmxRow) =>
    `dataflow,OECD:DF_UNE(1.0),${r.deleted ? 'D' : 'I'},M,${r.area},${r.period},${r.deleted ? '' : r.value}`;
  return ['STRUCTURE,STRUCTURE_ID,ACTION,FREQ,REF_AREA,TIME_PERIOD,OBS_VALUE', ...rows.map(line)].join('\n');
}
const requests: Array<{ path: string; ifNoneMatch: string | undefined; updatedAfter: string | null; at: number }> = [];
/** Requests each failing agency has had. */
const attempts = { flaky: 0, limited: 0 };

function agency(): Server {
  return createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const updatedAfter = url.searchParams.get('updatedAfter');
    requests.push({ path: url.pathname, ifNoneMatch: req.headers['if-none-match'], updatedAfter, at: Date.now() });
    if (url.pathname.startsWith('/sdmx/data/')) {
      const etag = `"v${sdmxVersion}"`;
      if (req.headers['if-none-match'] === etag) return res.writeHead(304).end();
      const body = sdmxAnswer(updatedAfter);
      if (body === undefined) return res.writeHead(404, { 'content-type': 'text/plain' }).end('No Results Found');
      return res.writeHead(200, { 'content-type': 'application/vnd.sdmx.data+csv;version=2.0.0', etag }).end(body);
    }
    if (url.pathname.startsWith('/flaky/')) {
      // A server error, then (on the retry) a body that is no SDMX message.
      if (++attempts.flaky === 1) return res.writeHead(500).end('internal error');
      return res.writeHead(200, { 'content-type': 'application/xml' }).end('<message><broken');
    }
    if (url.pathname.startsWith('/limited/')) {
      if (++attempts.limited === 1) return res.writeHead(429, { 'retry-after': '2' }).end('slow down');
      const csv = 'DATAFLOW,FREQ,REF_AREA,TIME_PERIOD,OBS_VALUE\nOECD:DF_UNE(1.0),M,NL,2024-01,3.6';
      return res.writeHead(200, { 'content-type': 'application/vnd.sdmx.data+csv' }).end(csv);
    }
    if (url.pathname.startsWith('/slow/')) {
      // One observation after 1 s; asked what changed since, nothing, after 15 s.
      const csv = 'DATAFLOW,FREQ,REF_AREA,TIME_PERIOD,OBS_VALUE\nOECD:DF_UNE(1.0),M,PT,2024-01,6.4';
      if (updatedAfter) setTimeout(() => res.writeHead(404).end('No Results Found'), 15_000);
      else setTimeout(() => res.writeHead(200).end(csv), 1_000);
      return;
    }
    if (url.pathname.startsWith('/wb/country/all/indicator/NY.GDP.DEFL.ZS')) {
      // An index; the catalogue derives its change on a year earlier.
      const rows = [
        [2021, 100],
        [2022, 107],
        [2023, 110.21],
      ].map(([year, value]) => ({
        indicator: { id: 'NY.GDP.DEFL.ZS', value: 'GDP deflator (base year varies by country)' },
        country: { id: 'US', value: 'United States' },
        countryiso3code: 'USA',
        date: String(year),
        value,
      }));
      const meta = { page: 1, pages: 1, per_page: 1000, total: rows.length };
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([meta, rows]));
    }
    if (url.pathname.startsWith('/wb/country/all/indicator/NY.GDP.MKTP.CD')) {
      if (req.headers['if-none-match'] === '"wb1"') return res.writeHead(304).end();
      res.setHeader('etag', '"wb1"');
      const rows = [2022, 2023].map((year) => ({
        indicator: { id: 'NY.GDP.MKTP.CD', value: 'GDP (current US$)' },
        country: { id: 'US', value: 'United States' },
        countryiso3code: 'USA',
        date: String(year),
        value: year === 2023 ? 27_360_935_000_000 : 25_744_108_000_000,
      }));
      const meta = { page: 1, pages: 1, per_page: 1000, total: rows.length };
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([meta, rows]));
    }
    if (url.pathname === '/fred/series/observations') {
      const doc = {
        observations: [{ realtime_start: '2024-02-01', realtime_end: '9999-12-31', date: '2024-01-01', value: '3.7' }],
      };
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
    }
    // The broken agency: an answer that is no SDMX message.
    res.writeHead(200, { 'content-type': 'application/xml' }).end('<html>maintenance</html');
  });
}

const provenance = (name: string) => ({
  source_name: name,
  source_url: 'https://stats.example.org',
  license_id: 'CC-BY-4.0',
  attribution_text: `Source: ${name}`,
});

function catalogue(dir: string, base: string): void {
  mkdirSync(dir, { recursive: true });
  const sdmx = {
    provider: 'sdmx',
    url: `${base}/sdmx`,
    flow: 'OECD,DF_UNE,1.0',
    key: 'M.DE+FR',
    country_dimension: 'REF_AREA',
    countries: { DE: 'DEU', FR: 'FRA' },
    kpi_id: 'UNEMPLOYMENT',
    verified_by: 'unverified',
  };
  const sources = [
    { id: 'test-unemployment', ...sdmx, provenance: provenance('Test OECD') },
    {
      id: 'test-gdp',
      provider: 'worldbank',
      url: `${base}/wb`,
      indicator: 'NY.GDP.MKTP.CD',
      countries: 'all',
      kpi_id: 'GDP_USD',
      provenance: provenance('Test World Bank'),
      verified_by: 'unverified',
    },
    {
      id: 'test-fred',
      provider: 'fred',
      url: `${base}/fred`,
      series_id: 'UNRATE',
      kpi_id: 'UNEMPLOYMENT',
      country: 'USA',
      provenance: provenance('Test FRED'),
      verified_by: 'unverified',
    },
    {
      id: 'test-broken',
      ...sdmx,
      url: `${base}/broken`,
      countries: { IT: 'ITA' },
      provenance: provenance('Test broken agency'),
    },
    {
      id: 'test-deflator',
      provider: 'worldbank',
      url: `${base}/wb`,
      indicator: 'NY.GDP.DEFL.ZS',
      countries: 'all',
      kpi_id: 'GDP_DEFLATOR_YOY',
      derive: 'pc1',
      provenance: provenance('Test World Bank'),
      verified_by: 'unverified',
    },
    { id: 'test-flaky', ...sdmx, url: `${base}/flaky`, countries: { ES: 'ESP' }, provenance: provenance('Flaky') },
    { id: 'test-limited', ...sdmx, url: `${base}/limited`, countries: { NL: 'NLD' }, provenance: provenance('Lim') },
    { id: 'test-slow', ...sdmx, url: `${base}/slow`, countries: { PT: 'PRT' }, provenance: provenance('Slow') },
  ];
  writeFileSync(path.join(dir, 'test.json'), JSON.stringify({ sources }, null, 2));
}

describe('npm run update: official sources kept current', () => {
  let server: Server;
  let dataDir: string;
  let sourcesDir: string;
  let api: TestServer | undefined;
  const env = (more: Record<string, string> = {}) => ({
    ...process.env,
    DATA_DIR: dataDir,
    SOURCES_DIR: sourcesDir,
    FRED_API_KEY: '',
    ...more,
  });
  const update = async (args: string[], more: Record<string, string> = {}) => {
    try {
      const { stdout, stderr } = await run(process.execPath, [...entryArgs('src/cli/update.ts'), ...args], {
        cwd: ROOT,
        env: env(more),
      });
      return { code: 0, out: stdout + stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout + e.stderr };
    }
  };
  const serve = async () => {
    if (api) await api.refresh();
    else api = await startTestServer({ dataDir });
    return api;
  };

  before(async () => {
    server = agency();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-update-'));
    sourcesDir = path.join(dataDir, '..', `${path.basename(dataDir)}-sources`);
    catalogue(sourcesDir, base);
  });
  after(async () => {
    await api?.close();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(sourcesDir, { recursive: true, force: true });
  });

  it('loads every source with its provenance; failing ones fail alone, FRED without a key is skipped', async () => {
    const r = await update([], { UPDATE_NOW: '2026-11-20T06:00:00Z' });
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /^test-unemployment: updated, series 2 new, 0 revised, 0 unchanged, 3 observations/m);
    assert.match(r.out, /^test-gdp: updated, series 1 new/m);
    assert.match(r.out, /^test-fred: skipped: FRED_API_KEY is not set/m);
    assert.match(r.out, /^test-broken: failed: http:\/\/127\.0\.0\.1:\d+\/broken\/data\/\S+: line \d+: not read/m);
    // 500, then (retried) a body that is no SDMX message: one line naming the source, the URL and why.
    assert.match(r.out, /^test-flaky: failed: http:\/\/127\.0\.0\.1:\d+\/flaky\/data\/\S+: line \d+: not read/m);
    assert.equal(attempts.flaky, 2);
    // 429, retried once its Retry-After (2 s) passed.
    assert.match(r.out, /^test-limited: updated, series 1 new/m);
    const limited = requests.filter((q) => q.path.startsWith('/limited/'));
    assert.equal(limited.length, 2);
    assert.ok(limited[1]!.at - limited[0]!.at >= 1_900, `retried after ${limited[1]!.at - limited[0]!.at} ms`);
    assert.match(r.out, /^test-slow: updated/m);
    assert.match(r.out, /published snapshot \S+; 5 updated, 0 unchanged, 1 skipped, 2 failed/);
    const s = await serve();
    const [de] = await s.data('/v1/latest?country=DEU&indicator=UNEMPLOYMENT');
    assert.equal(de.latest_value, 3.2);
    assert.equal(de.source_name, 'Test OECD');
    const [us] = await s.data('/v1/latest?country=USA&indicator=GDP_USD');
    assert.equal(us.source_name, 'Test World Bank');
    assert.equal(us.latest_value, 27_360_935_000_000);
    // Derived from the index (pc1): the change on a year earlier, the first year left out.
    const deflator = await s.data('/v1/history?country=USA&indicator=GDP_DEFLATOR_YOY');
    assert.deepEqual(
      deflator.map((o: { date: string; value: number }) => [o.date, Math.round(o.value * 1e6) / 1e6]),
      [
        ['2022-01-01', 7],
        ['2023-01-01', 3],
      ],
    );
    // The sample's generated series are gone: only what the agencies published is served.
    assert.deepEqual(
      (await s.data('/v1/indicators')).map((i: { kpi_id: string }) => i.kpi_id),
      ['GDP_DEFLATOR_YOY', 'GDP_USD', 'UNEMPLOYMENT'],
    );
  });

  it('publishes nothing when nothing changed, asking each agency conditionally and SDMX for what changed', async () => {
    const before = await readCurrentName(dataDir);
    requests.length = 0;
    const r = await update(['--source', 'test-unemployment,test-gdp'], { UPDATE_NOW: '2026-11-20T12:00:00Z' });
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /^test-unemployment: unchanged/m);
    assert.match(r.out, /^test-gdp: unchanged, series 0 new, 0 revised, 1 unchanged/m);
    assert.match(r.out, /nothing changed: no snapshot published/);
    assert.equal(await readCurrentName(dataDir), before);
    // The World Bank: its ETag sent back (304). SDMX: only what changed since the last fetch (404).
    assert.equal(requests.find((q) => q.path.startsWith('/wb/'))?.ifNoneMatch, '"wb1"');
    const asked = requests.find((q) => q.path.startsWith('/sdmx/'));
    assert.match(asked?.updatedAfter ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    assert.equal(asked?.ifNoneMatch, undefined, "the whole history's ETag is not sent with updatedAfter");
  });

  it('merges an answer of what changed into the history: a revised value becomes a vintage', async () => {
    publishSdmx((rows) =>
      rows.map((r) => (r.area === 'DE' && r.period === '2024-02' ? { ...r, value: '3.4', at: Date.now() } : r)),
    );
    requests.length = 0;
    const r = await update(['--source', 'test-unemployment', '--json'], { UPDATE_NOW: '2026-11-21T06:00:00Z' });
    assert.equal(r.code, 0, r.out);
    const report = JSON.parse(r.out) as {
      snapshot: string;
      sources: Array<{ id: string; series_new: number; series_revised: number; observations: number }>;
    };
    assert.ok(report.snapshot);
    assert.deepEqual(
      report.sources.map((o) => [o.id, o.series_new, o.series_revised, o.observations]),
      [['test-unemployment', 0, 1, 1]],
      'the answer carried the one observation that changed',
    );
    assert.ok(requests.find((q) => q.path.startsWith('/sdmx/'))?.updatedAfter);
    const s = await serve();
    const now = await s.data('/v1/history?country=DEU&indicator=UNEMPLOYMENT');
    assert.deepEqual(
      now.map((o: { date: string; value: number }) => [o.date, o.value]),
      [
        ['2024-01-01', 3.1],
        ['2024-02-01', 3.4],
      ],
      'the dates the answer did not carry are kept',
    );
    assert.equal((await s.data('/v1/latest?country=FRA&indicator=UNEMPLOYMENT'))[0].latest_value, 7.5);
    const then = await s.data('/v1/history?country=DEU&indicator=UNEMPLOYMENT&from=2024-02-01&as_of=2026-11-20');
    assert.equal(then[0].value, 3.2);
    const changed = await s.data('/v1/updates?since=2026-11-20T18:00:00Z');
    assert.deepEqual(
      changed.map((u: { series_id: string }) => u.series_id),
      ['DEU.UNEMPLOYMENT'],
    );
  });

  it('a withdrawn observation (ACTION D) is no longer served and is kept as a vintage', async () => {
    publishSdmx((rows) =>
      rows.map((r) => (r.area === 'DE' && r.period === '2024-02' ? { ...r, deleted: true, at: Date.now() } : r)),
    );
    const r = await update(['--source', 'test-unemployment'], { UPDATE_NOW: '2026-11-22T05:00:00Z' });
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /^test-unemployment: updated, series 0 new, 1 revised, 1 unchanged, 0 observations/m);
    const s = await serve();
    const [de] = await s.data('/v1/latest?country=DEU&indicator=UNEMPLOYMENT');
    assert.deepEqual([de.latest_value_date, de.latest_value], ['2024-01-01', 3.1]);
    const then = await s.data('/v1/history?country=DEU&indicator=UNEMPLOYMENT&from=2024-02-01&as_of=2026-11-21');
    assert.equal(then[0]?.value, 3.4);
  });

  it('reads FRED once its key is set; status tells each source', async () => {
    const r = await update(['--source', 'test-fred'], { FRED_API_KEY: 'k3y', UPDATE_NOW: '2026-11-22T06:00:00Z' });
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /^test-fred: updated, series 1 new/m);
    const status = JSON.parse((await update(['status', '--json'])).out) as {
      sources: Record<string, { result: string; last_success: string | null }>;
    };
    assert.equal(status.sources['test-fred']?.result, 'updated');
    assert.equal(status.sources['test-broken']?.result, 'failed');
    assert.equal(status.sources['test-broken']?.last_success, null);
    const text = (await update(['status'])).out;
    assert.match(
      text,
      /^test-gdp: unchanged; last attempt 2026-11-20T12:00:00\.000Z, last success 2026-11-20T12:00:00\.000Z/m,
    );
    // /metrics of a server of this DATA_DIR: each source's last success and failures; /readyz stays 200.
    const server = await startServerProcess({ DATA_DIR: dataDir, BOOTSTRAP_API_KEY: 'metrics-test-key-0123456789' });
    try {
      const metrics = await (await fetch(`${server.url}/metrics`)).text();
      const gdpAt = Date.parse('2026-11-20T12:00:00Z') / 1000;
      assert.match(metrics, new RegExp(`^source_last_success_timestamp_seconds\\{source="test-gdp"\\} ${gdpAt}$`, 'm'));
      assert.match(metrics, /^source_update_failures_total\{source="test-broken"\} 1$/m);
      assert.match(metrics, /^source_update_failures_total\{source="test-gdp"\} 0$/m);
      assert.doesNotMatch(metrics, /source_last_success_timestamp_seconds\{source="test-broken"\}/);
      assert.equal((await fetch(`${server.url}/readyz`)).status, 200);
    } finally {
      await server.stop();
    }
  });

  it('refuses a second update while one runs, naming it', async () => {
    const first = spawn(process.execPath, [...entryArgs('src/cli/update.ts'), '--source', 'test-slow'], {
      cwd: ROOT,
      env: env(),
    });
    let out = '';
    first.stdout.on('data', (d: Buffer) => (out += d.toString()));
    first.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => first.once('exit', resolve));
    try {
      // The slow agency answers after 15 s: the first update holds the lock until then.
      const end = Date.now() + 60_000;
      while (!requests.some((q) => q.path.startsWith('/slow/') && q.updatedAfter) && Date.now() < end)
        await new Promise((resolve) => setTimeout(resolve, 50));
      const second = await update(['--source', 'test-gdp']);
      assert.equal(second.code, 1, second.out);
      assert.match(second.out, new RegExp(`another update is running in \\S+: process ${first.pid} on `));
    } finally {
      assert.equal(await exited, 0, out);
    }
    assert.match(out, /^test-slow: unchanged/m);
  });

  it('with DATABASE_URL, refuses an update while another host of the deployment runs one', async (t) => {
    if (await servicesUnavailable()) {
      if (process.env.REQUIRE_SERVICES === '1') throw new Error('PostgreSQL is needed');
      return t.skip('PostgreSQL is not reachable');
    }
    const url = 'postgres://postgres@127.0.0.1:5432/test';
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    const release = await lockDeployment(pool);
    try {
      const r = await update(['--source', 'test-gdp'], { DATABASE_URL: url });
      assert.equal(r.code, 1, r.out);
      assert.match(r.out, /another update of this deployment is running/);
    } finally {
      await release();
      await pool.end();
    }
  });

  it('--every runs again on its interval and stops on SIGTERM between runs', async () => {
    const child = spawn(
      process.execPath,
      [...entryArgs('src/cli/update.ts'), '--source', 'test-gdp', '--every', '1s'],
      {
        cwd: ROOT,
        env: env(),
      },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const end = Date.now() + 60_000;
    while ((out.match(/no snapshot published/g) ?? []).length < 2 && Date.now() < end)
      await new Promise((r) => setTimeout(r, 100));
    assert.equal((out.match(/no snapshot published/g) ?? []).length >= 2, true, out);
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    assert.equal(code, 0, out);
    assert.match(out, /update: stopped/);
    assert.ok(!readFileSync(path.join(dataDir, 'state', 'update-sources.json'), 'utf8').includes('k3y'), 'no key kept');
  });
});
