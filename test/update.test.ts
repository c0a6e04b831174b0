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
import { entryArgs, servicesUnavailable } from './helpers/processes.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const run = promisify(execFile);

/**
 * `npm run update` end to end (CONTRACT §7): a local server plays three agencies (an
 * SDMX REST service answering SDMX-CSV with ETags, the World Bank API v2, FRED) and a
 * broken one; the catalogue is written by the test; a real server reads the snapshots.
 */

/** The SDMX service's answer: monthly unemployment of two countries, in the agency's codes. */
let sdmxRows = [
  ['M', 'DE', '2024-01', '3.1'],
  ['M', 'DE', '2024-02', '3.2'],
  ['M', 'FR', '2024-01', '7.5'],
];
let sdmxEtag = '"v1"';
const sdmxCsv = () =>
  ['DATAFLOW,FREQ,REF_AREA,TIME_PERIOD,OBS_VALUE', ...sdmxRows.map((r) => `OECD:DF_UNE(1.0),${r.join(',')}`)].join(
    '\n',
  );
const requests: Array<{ path: string; ifNoneMatch: string | undefined }> = [];

function agency(): Server {
  return createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    requests.push({ path: url.pathname, ifNoneMatch: req.headers['if-none-match'] });
    if (url.pathname.startsWith('/sdmx/data/')) {
      if (req.headers['if-none-match'] === sdmxEtag) return res.writeHead(304).end();
      return res.writeHead(200, { 'content-type': 'application/vnd.sdmx.data+csv', etag: sdmxEtag }).end(sdmxCsv());
    }
    if (url.pathname.startsWith('/wb/country/all/indicator/NY.GDP.MKTP.CD')) {
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

  it('loads every source with its provenance; a broken one fails alone, FRED without a key is skipped', async () => {
    const r = await update([], { UPDATE_NOW: '2026-11-20T06:00:00Z' });
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /^test-unemployment: updated, series 2 changed, 0 unchanged, 3 observations/m);
    assert.match(r.out, /^test-gdp: updated, series 1 changed/m);
    assert.match(r.out, /^test-fred: skipped: FRED_API_KEY is not set/m);
    assert.match(r.out, /^test-broken: failed: .*not read/m);
    assert.match(r.out, /published snapshot \S+; 2 updated, 0 unchanged, 1 skipped, 1 failed/);
    const s = await serve();
    const [de] = await s.data('/v1/latest?country=DEU&indicator=UNEMPLOYMENT');
    assert.equal(de.latest_value, 3.2);
    assert.equal(de.source_name, 'Test OECD');
    const [us] = await s.data('/v1/latest?country=USA&indicator=GDP_USD');
    assert.equal(us.source_name, 'Test World Bank');
    assert.equal(us.latest_value, 27_360_935_000_000);
    // The sample's generated series are gone: only what the agencies published is served.
    assert.deepEqual(
      (await s.data('/v1/indicators')).map((i: { kpi_id: string }) => i.kpi_id),
      ['GDP_USD', 'UNEMPLOYMENT'],
    );
  });

  it('publishes nothing when nothing changed, asking each agency conditionally', async () => {
    const before = await readCurrentName(dataDir);
    requests.length = 0;
    const r = await update(['--source', 'test-unemployment,test-gdp'], { UPDATE_NOW: '2026-11-20T12:00:00Z' });
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /^test-unemployment: unchanged/m);
    assert.match(r.out, /^test-gdp: unchanged, series 0 changed, 1 unchanged/m);
    assert.match(r.out, /nothing changed: no snapshot published/);
    assert.equal(await readCurrentName(dataDir), before);
    assert.equal(requests.find((q) => q.path.startsWith('/sdmx/'))?.ifNoneMatch, '"v1"');
  });

  it('keeps a revised value as a vintage, the day before answering the old one', async () => {
    sdmxRows = sdmxRows.map((r) => (r[1] === 'DE' && r[2] === '2024-02' ? [...r.slice(0, 3), '3.4'] : r));
    sdmxEtag = '"v2"';
    const r = await update(['--source', 'test-unemployment', '--json'], { UPDATE_NOW: '2026-11-21T06:00:00Z' });
    assert.equal(r.code, 0, r.out);
    const report = JSON.parse(r.out) as { snapshot: string; sources: Array<{ id: string; series_changed: number }> };
    assert.ok(report.snapshot);
    assert.deepEqual(
      report.sources.map((o) => [o.id, o.series_changed]),
      [['test-unemployment', 1]],
    );
    const s = await serve();
    const now = await s.data('/v1/history?country=DEU&indicator=UNEMPLOYMENT&from=2024-02-01');
    assert.equal(now[0].value, 3.4);
    const then = await s.data('/v1/history?country=DEU&indicator=UNEMPLOYMENT&from=2024-02-01&as_of=2026-11-20');
    assert.equal(then[0].value, 3.2);
    const changed = await s.data('/v1/updates?since=2026-11-20T18:00:00Z');
    assert.deepEqual(
      changed.map((u: { series_id: string }) => u.series_id),
      ['DEU.UNEMPLOYMENT'],
    );
  });

  it('reads FRED once its key is set; status tells each source', async () => {
    const r = await update(['--source', 'test-fred'], { FRED_API_KEY: 'k3y', UPDATE_NOW: '2026-11-22T06:00:00Z' });
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /^test-fred: updated, series 1 changed/m);
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
  });

  it('refuses a second update while one runs, naming it', async () => {
    writeFileSync(
      path.join(dataDir, 'update.lock'),
      JSON.stringify({
        pid: process.pid,
        host: (await import('node:os')).hostname(),
        start: 0,
        since: '2026-11-27T00:00:00Z',
      }),
    );
    try {
      const r = await update(['--source', 'test-gdp']);
      assert.equal(r.code, 1);
      assert.match(r.out, new RegExp(`another update is running in \\S+: process ${process.pid} on `));
    } finally {
      rmSync(path.join(dataDir, 'update.lock'), { force: true });
    }
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
