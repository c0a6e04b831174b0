import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { IngestError } from '../src/ingest/errors.js';
import { badRowLines } from '../src/ingest/report.js';
import { readCurrentName } from '../src/store/snapshot-layout.js';
import { setWarningSink } from '../src/store/warnings.js';
import { ingest as ingestInProcess } from './helpers/ingest.js';
import { ingestCli } from './helpers/processes.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { SHARED_DATA } from './helpers/paths.js';

const shared = SHARED_DATA;
const REAL_GDP = path.join(shared, 'worldbank/gdp-current-usd.csv');
const REAL_GNI = path.join(shared, 'econ-formats/worldbank-v2-usa-gni-per-capita-1990-1997.json');

// `ingest` runs the CLI, where its output or exit code is checked; `ingestInProcess`
// calls what it runs, and lets a test set the time recorded as `last_update`.
const ingest = ingestCli;
const GDP = { indicator: 'NY.GDP.MKTP.CD' };
/** `s` seconds after `t`: ingests recorded at distinct seconds (`last_update` has seconds), without waiting. */
const later = (t: Date, s: number) => new Date(t.getTime() + s * 1000);

/** A small World Bank long CSV written by the test itself (quoted names, CRLF, an aggregate, a missing value). */
function fixture(dir: string, fraValue = '2957879759263.55', extra = ''): string {
  const file = path.join(dir, 'wb-gdp.csv');
  writeFileSync(
    file,
    [
      'Country Name,Country Code,Year,Value',
      'France,FRA,2021,2957879759263.55',
      `France,FRA,2022,${fraValue}`,
      '"Korea, Rep.",KOR,2022,1673916511799.09',
      'World,WLD,2022,100609000000000',
      'Germany,DEU,2022,',
      extra,
    ]
      .filter(Boolean)
      .join('\r\n') + '\r\n',
  );
  return file;
}

describe('ingest: World Bank into economics snapshots', () => {
  let dataDir: string;
  let work: string;
  let server: TestServer | undefined;

  before(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-ingest-'));
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-fixtures-'));
  });
  after(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  it('loads a long CSV into an empty DATA_DIR, reporting unmapped codes, and serves it without a sample', async () => {
    const r = await ingest(dataDir, ['worldbank', fixture(work), '--indicator', 'NY.GDP.MKTP.CD']);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, /aggregates and other codes that name no country [^:]*: 1 code, 1 row: WLD World \(1\)/);
    server = await startTestServer({ dataDir });
    const latest = (await server.get('/v1/latest?indicator=GDP_USD')).body.data;
    assert.deepEqual(
      latest.map((x: any) => x.country_id),
      ['FRA', 'KOR'],
    );
    assert.equal(latest[0].latest_value, 2957879759263.55);
    assert.equal(latest[0].source_name, 'World Bank, World Development Indicators');
    assert.equal(latest[0].license_id, 'CC-BY-4.0');
    assert.equal(latest[0].frequency, 'annual');
    const all = (await server.get('/v1/latest')).body.data;
    assert.equal(all.length, 2, 'no generated sample mixed in');
  });

  it('fails a file with more bad rows than allowed and leaves the serving snapshot as it was', async () => {
    // In-process: the CLI's listing of bad rows and its exit code are checked in test/ingest-reports.test.ts.
    const before = await readCurrentName(dataDir);
    const bad = fixture(work, 'n/a', 'Italy,ITA,20x2,5');
    const err = await ingestInProcess(dataDir, 'worldbank', { files: [bad], ...GDP }).then(
      () => assert.fail('the ingest should fail'),
      (e: unknown) => e,
    );
    assert.ok(err instanceof IngestError, String(err));
    const listed = badRowLines(err.badRows).join('\n');
    assert.match(listed, /wb-gdp\.csv:3: value "n\/a" is not a number/);
    assert.match(listed, /wb-gdp\.csv:7: period "20x2"/);
    assert.equal(await readCurrentName(dataDir), before);
    await ingestInProcess(dataDir, 'worldbank', { files: [bad], ...GDP, maxBadRows: 2 }); // resolves: loaded
  });

  it('moves last_update only for series whose observations changed', async () => {
    const t = new Date();
    await ingestInProcess(dataDir, 'worldbank', { files: [fixture(work)], ...GDP, now: t });
    const since = later(t, 1).toISOString();
    const same = await ingestInProcess(dataDir, 'worldbank', { files: [fixture(work)], ...GDP, now: later(t, 2) });
    assert.equal(same.changedSeries.length, 0);
    await server!.refresh();
    assert.deepEqual((await server!.get(`/v1/updates?since=${since}`)).body.data, []);
    const changed = await ingestInProcess(dataDir, 'worldbank', {
      files: [fixture(work, '3000000000000')],
      ...GDP,
      now: later(t, 2),
    });
    assert.equal(changed.changedSeries.length, 1);
    await server!.refresh();
    const updates = (await server!.get(`/v1/updates?since=${since}`)).body.data;
    assert.deepEqual(
      updates.map((u: any) => u.series_id),
      ['FRA.GDP_USD'],
    );
    const fr = (await server!.get('/v1/latest?country=FRA&indicator=GDP_USD')).body.data[0];
    assert.equal(fr.latest_value, 3000000000000);
    assert.equal(fr.previous_value, 2957879759263.55);
  });

  it('keeps answering without an error while snapshots are swapped under load', async () => {
    let stop = false;
    const statuses: number[] = [];
    const load = (async () => {
      while (!stop) {
        const rs = await Promise.all(
          ['/v1/latest?country=FRA', '/v1/history?country=FRA,KOR', '/v1/countries', '/v1/search?q=france'].map((p) =>
            server!.get(p),
          ),
        );
        statuses.push(...rs.map((r) => r.status));
        // Cached answers come back without touching I/O: yield, as a client on a socket would.
        await new Promise(setImmediate);
      }
    })();
    for (const value of ['3100000000000', '3200000000000']) {
      const r = await ingest(dataDir, ['worldbank', fixture(work, value), '--indicator', 'NY.GDP.MKTP.CD']);
      assert.equal(r.code, 0, r.out);
      await server!.serving(); // the server's own poll switches, while the load goes on
    }
    stop = true;
    await load;
    assert.ok(statuses.length > 40, `${statuses.length} requests`);
    assert.deepEqual([...new Set(statuses)], [200]);
    assert.equal(
      (await server!.get('/v1/latest?country=FRA&indicator=GDP_USD')).body.data[0].latest_value,
      3200000000000,
    );
  });

  it(
    'after the real World Bank GDP file, the latest US GDP is 27 360 935 000 000 dated 2023-01-01',
    { skip: !existsSync(REAL_GDP) && 'shared/data is not present' },
    async () => {
      await ingestInProcess(dataDir, 'worldbank', { files: [REAL_GDP], ...GDP });
      await server!.refresh();
      const us = (await server!.get('/v1/latest?country=USA&indicator=GDP_USD')).body.data[0];
      assert.equal(us.latest_value, 27360935000000);
      assert.equal(us.latest_value_date, '2023-01-01');
      assert.equal(us.source_name, 'World Bank, World Development Indicators');
      assert.match(us.source_url, /worldbank\.org/);
      assert.match(us.attribution_text, /World Bank/);
      const again = await ingest(dataDir, ['worldbank', REAL_GDP, '--indicator', 'NY.GDP.MKTP.CD']);
      assert.match(again.out, / 0 series changed/, 'a second ingest of the same file changes no last_update');
      // The real file with one value changed: exactly that series is updated.
      const now = new Date();
      const since = now.toISOString();
      const altered = path.join(work, 'gdp-altered.csv');
      writeFileSync(
        altered,
        readFileSync(REAL_GDP, 'utf8').replace(/^(Germany,DEU,2023,)[^\r\n]*/m, '$14500000000000'),
      );
      const one = await ingestInProcess(dataDir, 'worldbank', { files: [altered], ...GDP, now: later(now, 1) });
      assert.deepEqual(one.changedSeries, ['DEU.GDP_USD']);
      await server!.refresh();
      assert.deepEqual(
        (await server!.get(`/v1/updates?since=${since}`)).body.data.map((u: any) => u.series_id),
        ['DEU.GDP_USD'],
      );
      const csvLines = readFileSync(REAL_GDP, 'utf8')
        .split('\n')
        .filter((l) => /,USA,\d{4},\d/.test(l));
      const history = (await server!.get('/v1/history?country=USA&indicator=GDP_USD')).body.data;
      assert.equal(history.length, csvLines.length);
    },
  );

  it(
    'loads a World Bank API v2 JSON page into the right series',
    { skip: !existsSync(REAL_GNI) && 'shared/data is not present' },
    async () => {
      await ingestInProcess(dataDir, 'worldbank', { files: [REAL_GNI] });
      await server!.refresh();
      const points = (await server!.get('/v1/history?country=USA&indicator=GNI_PER_CAPITA')).body.data;
      const doc = JSON.parse(readFileSync(REAL_GNI, 'utf8'))[1] as Array<{ date: string; value: number }>;
      assert.deepEqual(
        points.map((p: any) => [p.date, p.value]),
        doc.map((d) => [`${d.date}-01-01`, d.value]).sort(),
      );
    },
  );
});

describe('ingest over the generated sample', () => {
  let server: TestServer;
  let work: string;
  before(async () => {
    server = await startTestServer();
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-fixtures-'));
  });
  after(async () => {
    await server.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('replaces the sample economics (never mixes), says so, and keeps the trade sample serving', async () => {
    assert.ok((await server.get('/v1/latest')).body.data.length > 1000);
    const warnings: string[] = [];
    setWarningSink((m) => warnings.push(m));
    try {
      await ingestInProcess(server.dataDir, 'worldbank', { files: [fixture(work)], ...GDP });
    } finally {
      setWarningSink((m) => console.error(m));
    }
    assert.ok(
      warnings.some((w) =>
        /replaces the generated sample's economics as a whole: its \d+ generated series leave/.test(w),
      ),
      warnings.join('\n'),
    );
    await server.refresh();
    const rows = (await server.get('/v1/latest')).body.data;
    assert.deepEqual(
      rows.map((x: any) => x.series_id),
      ['FRA.GDP_USD', 'KOR.GDP_USD'],
    );
    assert.ok(rows.every((x: any) => !/sample/i.test(x.source_name)));
    assert.equal((await server.get('/v1/trade/coverage')).body.data.length, 41);
  });

  it('lists and finds only the indicators and countries that have series', async () => {
    assert.deepEqual(
      (await server.data('/v1/indicators')).map((i: { kpi_id: string }) => i.kpi_id),
      ['GDP_USD'],
    );
    assert.deepEqual(
      (await server.data('/v1/countries')).map((c: { country_id: string }) => c.country_id),
      ['FRA', 'KOR'],
    );
    const found = await server.data('/v1/search?q=unemployment');
    assert.deepEqual(found, [], 'an indicator without series is not found');
    assert.ok((await server.data('/v1/search?q=france')).some((r: { type: string }) => r.type === 'country'));
  });
});
