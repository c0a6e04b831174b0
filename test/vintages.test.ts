import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { readCurrentName, snapshotsDir } from '../src/store/snapshot-layout.js';
import { historyPoints, type HistoryPoint } from './helpers/history.js';
import { ingest } from './helpers/ingest.js';
import { expectError, startTestServer, type TestServer } from './helpers/server.js';

/**
 * Vintages (§3): `as_of` on history and latest, `/v1/vintages`, revisions kept by
 * every ingest that changes a value, and kept across other ingests and restarts.
 */

type Point = HistoryPoint;

const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const dayAfter = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const history = historyPoints;

const valuesOf = (points: Point[]) => points.map((p) => `${p.date}=${p.value}`).join(' ');

describe('vintages of the generated sample', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  const vintagesOf = async (series: string): Promise<string[]> => {
    const [country, kpi] = series.split('.');
    const [row] = await s.data(`/v1/vintages?country=${country}&indicator=${kpi}`);
    assert.equal(row.series_id, series);
    return row.vintage_dates;
  };

  it('lists the days a series changed, ascending, and from/to bound them', async () => {
    const dates = await vintagesOf('USA.UNEMPLOYMENT');
    assert.ok(dates.length > 100, `${dates.length} vintages`);
    assert.deepEqual(dates, [...new Set(dates)].sort());
    const r = await s.data('/v1/vintages?country=USA,DEU&indicator=UNEMPLOYMENT,CPI&from=2020-01-01&to=2020-12-31');
    assert.deepEqual(
      r.map((x: any) => x.series_id),
      ['DEU.CPI', 'DEU.UNEMPLOYMENT', 'USA.CPI', 'USA.UNEMPLOYMENT'],
    );
    for (const x of r) assert.ok(x.vintage_dates.every((d: string) => d >= '2020-01-01' && d <= '2020-12-31'));
    assert.deepEqual(
      r.find((x: any) => x.series_id === 'USA.UNEMPLOYMENT').vintage_dates,
      dates.filter((d) => d >= '2020-01-01' && d <= '2020-12-31'),
    );
  });

  it('the data as of a vintage differs from the day before; between vintages it stays the same', async () => {
    const dates = (await vintagesOf('USA.GDP_REAL_QOQ')).slice(-8);
    let revised = 0;
    for (const [i, v] of dates.entries()) {
      const q = 'country=USA&indicator=GDP_REAL_QOQ&from=2018';
      const on = await history(s, `${q}&as_of=${v}`);
      const before = await history(s, `${q}&as_of=${dayBefore(v)}`);
      assert.notEqual(valuesOf(on), valuesOf(before), `the data changed on ${v}`);
      for (const p of on) assert.ok(p.realtime_start! <= v, `${p.date} known on ${p.realtime_start}, after ${v}`);
      // A value of a date published before, now different: a revision.
      const earlier = new Map(before.map((p) => [p.date, p.value]));
      if (on.some((p) => earlier.has(p.date) && earlier.get(p.date) !== p.value)) revised++;
      const next = dates[i + 1];
      if (next && dayAfter(v) < next)
        assert.equal(
          valuesOf(await history(s, `${q}&as_of=${dayAfter(v)}`)),
          valuesOf(on),
          'no change between vintages',
        );
    }
    assert.ok(revised > 0, 'GDP first estimates are revised');
  });

  it('as of today the values are the latest; prices are final at once', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const now = await history(s, 'country=DEU&indicator=GDP_REAL_YOY,CPI');
    const asOf = await history(s, `country=DEU&indicator=GDP_REAL_YOY,CPI&as_of=${today}`);
    assert.equal(valuesOf(asOf), valuesOf(now));
    assert.ok(asOf.every((p) => p.realtime_start) && now.every((p) => p.realtime_start === undefined));
    // CPI: whatever the day, a value once published is today's value.
    const final = new Map(now.filter((p: any) => p.kpi_id === 'CPI').map((p) => [p.date, p.value]));
    for (const day of ['2010-06-30', '2020-03-15', '2024-01-01']) {
      const then = await history(s, `country=DEU&indicator=CPI&as_of=${day}`);
      assert.ok(then.length > 0);
      for (const p of then) assert.equal(p.value, final.get(p.date), `DEU.CPI ${p.date} as of ${day}`);
    }
  });

  it('latest as of a day is the last point of history as of that day; an unpublished series is absent', async () => {
    const day = '2022-05-20';
    const points = await history(s, `country=USA&indicator=UNEMPLOYMENT&as_of=${day}`);
    const [row] = await s.data(`/v1/latest?country=USA&indicator=UNEMPLOYMENT&as_of=${day}`);
    const last = points.at(-1)!;
    assert.equal(row.latest_value_date, last.date);
    assert.equal(row.latest_value, last.value);
    assert.equal(row.realtime_start, last.realtime_start);
    assert.equal(row.previous_value, points.at(-2)!.value);
    assert.equal(row.first_value_date, points[0]!.date);
    assert.equal(row.highest_value, Math.max(...points.map((p) => p.value)));
    assert.deepEqual(await s.data('/v1/latest?country=USA&indicator=UNEMPLOYMENT&as_of=1990-01-01'), []);
    const today = await s.data('/v1/latest?country=USA&indicator=UNEMPLOYMENT');
    assert.equal(today[0].realtime_start, undefined, 'without as_of, rows are unchanged');
  });

  it('as_of is a day written YYYY-MM-DD; a cursor is bound to it', async () => {
    for (const bad of ['2024', '2024-02-30', '2024-1-05', ' 2024-01-05'])
      expectError(
        await s.get(`/v1/history?country=USA&indicator=CPI&as_of=${encodeURIComponent(bad)}`),
        422,
        'validation_error',
      );
    expectError(await s.get('/v1/latest?country=USA&as_of=yesterday'), 422, 'validation_error');
    const first = await s.get('/v1/history?country=g20&indicator=CPI&as_of=2023-06-30');
    const cursor = encodeURIComponent(first.body.next_cursor as string);
    assert.equal((await s.get(`/v1/history?country=g20&indicator=CPI&as_of=2023-06-30&cursor=${cursor}`)).status, 200);
    for (const other of ['as_of=2023-07-01', ''])
      expectError(
        await s.get(`/v1/history?country=g20&indicator=CPI&${other}&cursor=${cursor}`),
        422,
        'validation_error',
      );
  });
});

/** A World Bank long CSV of France's GDP, 2021 and 2022, written by the test. */
function gdpFile(dir: string, gdp2022: string): string {
  const file = path.join(dir, `wb-gdp-${gdp2022}.csv`);
  writeFileSync(
    file,
    `Country Name,Country Code,Year,Value\nFrance,FRA,2021,2957879759263.55\nFrance,FRA,2022,${gdp2022}\n`,
  );
  return file;
}

describe('vintages through ingests', () => {
  let dataDir: string;
  let work: string;
  let s: TestServer | undefined;
  const GDP = { indicator: 'NY.GDP.MKTP.CD' };
  const at = (day: string) => new Date(`${day}T12:00:00Z`);

  before(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-vintages-'));
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-vintages-files-'));
  });
  after(async () => {
    await s?.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  const france = async (query: string) =>
    (await history(s!, `country=FRA&indicator=GDP_USD${query}`)).map((p) => [p.date, p.value, p.realtime_start]);
  const vintages = async () => (await s!.data('/v1/vintages?country=FRA&indicator=GDP_USD'))[0].vintage_dates;

  it('a revised file keeps the former value: as of a day before the ingest the old one, after it the new', async () => {
    await ingest(dataDir, 'worldbank', { files: [gdpFile(work, '2782905325625.4')], ...GDP, now: at('2024-01-10') });
    s = await startTestServer({ dataDir });
    await ingest(dataDir, 'worldbank', { files: [gdpFile(work, '2779092235933.8')], ...GDP, now: at('2024-02-10') });
    await s.refresh();
    assert.deepEqual(await france('&as_of=2024-02-09'), [
      ['2021-01-01', 2957879759263.55, '2024-01-10'],
      ['2022-01-01', 2782905325625.4, '2024-01-10'],
    ]);
    assert.deepEqual(await france('&as_of=2024-02-10'), [
      ['2021-01-01', 2957879759263.55, '2024-01-10'],
      ['2022-01-01', 2779092235933.8, '2024-02-10'],
    ]);
    assert.deepEqual(await france('&as_of=2024-01-09'), [], 'nothing was known before the first ingest');
    assert.deepEqual(await france(''), [
      ['2021-01-01', 2957879759263.55, undefined],
      ['2022-01-01', 2779092235933.8, undefined],
    ]);
    assert.deepEqual(await vintages(), ['2024-01-10', '2024-02-10']);
  });

  it('re-ingesting an unchanged file adds no vintage', async () => {
    await ingest(dataDir, 'worldbank', { files: [gdpFile(work, '2779092235933.8')], ...GDP, now: at('2024-03-10') });
    await s!.refresh();
    assert.deepEqual(await vintages(), ['2024-01-10', '2024-02-10']);
  });

  it('revisions survive a trade and a nomenclature ingest, snapshot swaps and a restart', async () => {
    const flows = path.join(work, 'baci-hs92-fixture.csv');
    writeFileSync(flows, '"t","i","j","k","v","q"\n2021,710,251,850760,10.5,1.25\n');
    const codes = path.join(work, 'country-codes.csv');
    writeFileSync(
      codes,
      '"country_code","country_name_abbreviation","country_name_full","iso_2digit_alpha","iso_3digit_alpha"\n' +
        '710,"South Africa","South Africa","ZA","ZAF"\n251,"France","France","FR","FRA"\n',
    );
    await ingest(dataDir, 'baci', { files: [flows, codes] });
    await s!.refresh();
    assert.deepEqual(await vintages(), ['2024-01-10', '2024-02-10']);
    const hs = path.join(work, 'hs-fixture.csv');
    writeFileSync(
      hs,
      'section,hscode,description,parent,level\nXVI,85,Electrical machinery,TOTAL,2\n' +
        'XVI,8507,Electric accumulators,85,4\nXVI,850760,Electric accumulators; lithium-ion,8507,6\n',
    );
    await ingest(dataDir, 'hs', { files: [hs] });
    await s!.refresh();
    assert.deepEqual(await vintages(), ['2024-01-10', '2024-02-10']);
    assert.equal((await france('&as_of=2024-02-09'))[1]![1], 2782905325625.4);
    await s!.close();
    s = await startTestServer({ dataDir });
    assert.deepEqual(await vintages(), ['2024-01-10', '2024-02-10']);
    assert.equal((await france('&as_of=2024-02-09'))[1]![1], 2782905325625.4);
  });
});

describe('a snapshot written before vintages', () => {
  let s: TestServer;
  let dataDir: string;
  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-old-economics-'));
    // The sample, then its economics file as earlier versions wrote it: no realtime_start, no revisions.
    // (A copy of its own: the sample's files are links to the shared test build.)
    await (await startTestServer({ dataDir })).close();
    const file = path.join(snapshotsDir(dataDir), (await readCurrentName(dataDir))!, 'economics.duckdb');
    copyFileSync(file, `${file}.copy`);
    renameSync(`${file}.copy`, file);
    const instance = await DuckDBInstance.create(file);
    const conn = await instance.connect();
    await conn.run('ALTER TABLE observations DROP COLUMN realtime_start');
    await conn.run('DROP TABLE revisions');
    conn.closeSync();
    instance.closeSync();
    s = await startTestServer({ dataDir });
  });
  after(async () => {
    await s?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves its values as known from their series’ last update, that day their one vintage', async () => {
    const [row] = await s.data('/v1/latest?country=USA&indicator=CPI');
    const day = (row.last_update as string).slice(0, 10);
    const [v] = await s.data('/v1/vintages?country=USA&indicator=CPI');
    assert.deepEqual(v.vintage_dates, [day]);
    const now = await history(s, 'country=USA&indicator=CPI&from=2020');
    const then = await history(s, `country=USA&indicator=CPI&from=2020&as_of=${day}`);
    assert.equal(valuesOf(then), valuesOf(now));
    assert.ok(then.every((p) => p.realtime_start === day));
    assert.deepEqual(await history(s, `country=USA&indicator=CPI&as_of=${dayBefore(day)}`), []);
  });
});
