import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import writeExcelFile from 'write-excel-file/node';
import { writeBaciRelease } from '../bench/baci-release.js';
import { readCurrentName, snapshotsDir } from '../src/store/snapshot-layout.js';
import { ingest } from './helpers/ingest.js';
import { expectError, startTestServer, type TestServer } from './helpers/server.js';

/**
 * HS editions (CONTRACT §4): flows converted with a UNSD-format workbook the test
 * writes itself, checked against the test's own aggregation of the snapshot's flows
 * through the same table; flows of an earlier edition (UN Comtrade in HS 1992) left
 * out and counted exactly; concordance; extracts read back by DuckDB.
 */

const UNSD = path.resolve('../shared/data/hs/unsd-HS2022toHS1992-conversion-correlation.xlsx');

/** The test's conversion: each HS 2022 code to the "90" code of its heading, so several codes fall together. */
const to1992 = (hs6: number) => Math.floor(hs6 / 100) * 100 + 90;

async function read(conn: DuckDBConnection, sql: string, params: Array<number | string> = []) {
  return (await conn.runAndReadAll(sql, params)).getRowObjects();
}

describe('HS editions: conversion, exclusion, concordance and extracts', () => {
  let s: TestServer;
  let work: string;
  let instance: DuckDBInstance;
  let conn: DuckDBConnection;
  let year: number;
  let codes: number[];

  before(async () => {
    s = await startTestServer();
    work = mkdtempSync(path.join(tmpdir(), 'econtrade-editions-'));
    const trade = async () => path.join(snapshotsDir(s.dataDir), (await readCurrentName(s.dataDir))!, 'trade.duckdb');
    // BACI in HS 2022 for every exporter, then UN Comtrade in HS 1992 for South Africa's exports of the last year.
    const release = await writeBaciRelease({
      out: path.join(work, 'baci'),
      zip: false,
      years: 2,
      firstYear: 2021,
      rowsPerYear: 20_000,
      seed: 11,
    });
    await ingest(s.dataDir, 'baci', { files: release.files });
    year = 2022;
    const record = (partnerISO: string, cmdCode: string, primaryValue: number) => ({
      typeCode: 'C',
      freqCode: 'A',
      refYear: year,
      refMonth: 52,
      period: String(year),
      reporterISO: 'ZAF',
      partnerISO,
      partner2ISO: 'W00',
      flowCode: 'X',
      cmdCode,
      customsCode: 'C00',
      motCode: 0,
      isReported: true,
      isAggregate: false,
      classificationCode: 'H0',
      primaryValue,
      netWgt: null,
    });
    const comtrade = path.join(work, 'comtrade-za-h0.json');
    writeFileSync(
      comtrade,
      JSON.stringify({
        elapsedTime: '0.1 secs',
        count: 3,
        error: '',
        data: [record('DEU', '850760', 1500), record('DEU', '270900', 2500), record('USA', '850760', 3000)],
      }),
    );
    await ingest(s.dataDir, 'comtrade', { files: [comtrade] });
    const probe = await DuckDBInstance.create(await trade(), { access_mode: 'READ_ONLY' });
    const pc = await probe.connect();
    codes = (await read(pc, 'SELECT DISTINCT hs6 FROM annual_by_year ORDER BY hs6')).map((r) => Number(r.hs6));
    pc.closeSync();
    probe.closeSync();
    // The UNSD workbook's layout: a conversion sheet, and a correlation sheet under a title row.
    const workbook = path.join(work, 'HS2022toHS1992.xlsx');
    const cell = (value: string) => ({ value });
    const code = (hs6: number) => cell(String(hs6).padStart(6, '0'));
    await writeExcelFile([
      {
        sheet: 'HS2022-HS1992 Conversions',
        data: [[cell('From HS 2022'), cell('From HS 1992')], ...codes.map((c) => [code(c), code(to1992(c))])],
      },
      {
        sheet: 'HS2022-HS1992 Correlations',
        data: [
          [cell('Between'), cell(''), cell('')],
          [cell('HS 2022'), cell('HS 1992'), cell('Relationship')],
          ...codes.map((c) => [code(c), code(to1992(c)), cell('n:1')]),
        ],
      },
    ]).toFile(workbook);
    await ingest(s.dataDir, 'hs', { files: [workbook] });
    await s.refresh();
    instance = await DuckDBInstance.create(await trade(), { access_mode: 'READ_ONLY' });
    conn = await instance.connect();
  });
  after(async () => {
    conn?.closeSync();
    instance?.closeSync();
    await s.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** The flows of the snapshot with their edition (the BACI exporter-year is HS 1992) and HS 1992 code. */
  async function flows(
    where = 'true',
  ): Promise<Array<{ year: number; code: number; edition: number; value: number; pair: string }>> {
    const rows = await read(
      conn,
      `SELECT a.year, a.hs6, a.value, coalesce(e.hs_version, 2022) AS edition, x.iso2 || '>' || m.iso2 AS pair
       FROM annual_by_year a
       LEFT JOIN editions e ON e.granularity = 'annual' AND e.country = a.exporter AND e.period = a.year
       JOIN countries x ON x.id = a.exporter JOIN countries m ON m.id = a.importer WHERE ${where}`,
    );
    return rows.map((r) => {
      const edition = Number(r.edition);
      const hs6 = Number(r.hs6);
      const code = edition === 2022 ? to1992(hs6) : hs6;
      return { year: Number(r.year), code, edition, value: Number(r.value), pair: String(r.pair) };
    });
  }

  it('answers in HS 1992 with totals and flow counts equal to the test own conversion of every flow', async () => {
    const all = await flows();
    const target = to1992(codes[0]!);
    const mine = all.filter((f) => f.code === target);
    const r = await s.get(`/v1/trade/products/${String(target).padStart(6, '0')}/history?hs_version=1992`);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('x-hs-excluded-flows'), '0');
    // Flows of one pair that convert to one code are one flow in HS 1992.
    const byYear = new Map<number, { value: number; keys: Set<string> }>();
    for (const f of mine) {
      const y = byYear.get(f.year) ?? { value: 0, keys: new Set<string>() };
      byYear.set(f.year, { value: y.value + f.value, keys: y.keys.add(f.pair) });
    }
    const got = (r.body.data as Array<{ period: string; value_usd: number; flow_count: number }>).map((p) => [
      Number(p.period.slice(0, 4)),
      p.value_usd,
      p.flow_count,
    ]);
    const want = [...byYear].sort((a, b) => a[0] - b[0]).map(([y, v]) => [y, v.value, v.keys.size]);
    assert.equal(got.length, want.length);
    got.forEach((g, i) => {
      assert.equal(g[0], want[i]![0]);
      assert.ok(Math.abs(g[1]! - want[i]![1]!) < 1e-6 * want[i]![1]!, `value of ${g[0]}`);
      assert.equal(g[2], want[i]![2]);
    });
    // Every flow converts: the 1992 total of the year is every flow's.
    const summary = await s.get(`/v1/trade/summary?from=${year}&to=${year}&hs_version=1992`);
    const total = all.filter((f) => f.year === year).reduce((t, f) => t + f.value, 0);
    assert.equal(summary.headers.get('x-hs-excluded-flows'), '0');
    assert.ok(Math.abs(summary.body.data.trade_value - total) < 1e-6 * total);
    const rows = await s.data(`/v1/trade?reporter=DE&flow=export&from=${year}&to=${year}&hs_version=1992&limit=50`);
    assert.ok(rows.length > 0 && rows.every((x: { hs_version: number; hs6: string }) => x.hs_version === 1992));
  });

  it('lists one row per exporter, importer, HS 1992 code and year, converted flows summed', async () => {
    const de = await flows(`x.iso2 = 'DE' AND a.year = ${year}`);
    const want = new Map<string, number>();
    for (const f of de) want.set(`${f.pair}:${f.code}`, (want.get(`${f.pair}:${f.code}`) ?? 0) + f.value);
    assert.ok(want.size < de.length, 'some of the test flows convert to one code');
    const listed = new Map<string, number>();
    let cursor: string | null = null;
    do {
      const path = `/v1/trade?reporter=DE&flow=export&from=${year}&to=${year}&hs_version=1992&limit=10000`;
      const r = await s.get(cursor ? `${path}&cursor=${cursor}` : path);
      assert.equal(r.status, 200);
      for (const row of r.body.data as Array<{ exporter: string; importer: string; hs6: string; value_usd: number }>) {
        const key = `${row.exporter}>${row.importer}:${Number(row.hs6)}`;
        assert.ok(!listed.has(key), `one row for ${key}`);
        listed.set(key, row.value_usd);
      }
      cursor = r.body.next_cursor;
    } while (cursor);
    assert.equal(listed.size, want.size);
    for (const [key, value] of want) assert.ok(Math.abs(listed.get(key)! - value) <= 1e-9 * value, key);
  });

  it('binds a cursor to its edition: a walk in HS 1992 does not go on in another', async () => {
    const path = `/v1/trade?reporter=DE&from=${year}&to=${year}`;
    const cursor = (await s.get(`${path}&hs_version=1992&limit=5`)).body.next_cursor as string;
    assert.ok(cursor);
    for (const other of [path, `${path}&hs_version=2022`]) {
      const r = await s.get(`${other}&limit=5&cursor=${cursor}`);
      expectError(r, 422, 'validation_error');
      assert.deepEqual(r.body.detail, [
        { loc: ['query', 'cursor'], msg: 'belongs to a query with other parameters', type: 'value_error' },
      ]);
    }
    assert.equal((await s.get(`${path}&hs_version=1992&limit=5&cursor=${cursor}`)).status, 200);
  });

  it('leaves flows of an earlier edition out and counts them exactly', async () => {
    const za = await s.get(`/v1/trade/summary?reporter=ZA&flow=export&from=${year}&to=${year}&hs_version=2022`);
    assert.equal(za.status, 200);
    assert.equal(za.headers.get('x-hs-excluded-flows'), '3');
    assert.equal(za.body.data.trade_value, null);
    const de = await s.get(`/v1/trade/summary?reporter=DE&flow=import&from=${year}&to=${year}&hs_version=2022`);
    const earlier = (await flows(`a.year = ${year} AND m.iso2 = 'DE'`)).filter((f) => f.edition === 1992);
    assert.equal(de.headers.get('x-hs-excluded-flows'), String(earlier.length));
    const in1992 = await s.get(`/v1/trade/summary?reporter=ZA&flow=export&from=${year}&to=${year}&hs_version=1992`);
    assert.equal(in1992.headers.get('x-hs-excluded-flows'), '0');
    assert.equal(in1992.body.data.trade_value, 7000);
    // As reported, nothing is left out and the BACI rows keep their edition.
    const reported = await s.data(`/v1/trade?reporter=ZA&flow=export&from=${year}&to=${year}`);
    assert.deepEqual(
      reported.map((x: { hs_version: number }) => x.hs_version),
      [1992, 1992, 1992],
    );
  });

  it('refuses an edition without a loaded table, listing the loaded ones', async () => {
    const r = await s.get('/v1/trade/summary?hs_version=2017');
    expectError(r, 422, 'validation_error');
    assert.match(r.body.message, /loaded: 1992, 2022/);
  });

  it('maps a code to the other edition with the correlation relationship, both ways', async () => {
    const c = codes[0]!;
    const code = String(c).padStart(6, '0');
    const down = await s.data(`/v1/trade/products/${code}/concordance?to=1992`);
    assert.deepEqual(down, [
      {
        from_hs6: code,
        from_version: 2022,
        to_hs6: String(to1992(c)).padStart(6, '0'),
        to_version: 1992,
        relationship: 'n:1',
      },
    ]);
    const up = await s.data(`/v1/trade/products/${String(to1992(c)).padStart(6, '0')}/concordance?to=2022`);
    const expected = codes.filter((x) => to1992(x) === to1992(c)).map((x) => String(x).padStart(6, '0'));
    assert.deepEqual(
      up.map((r: { to_hs6: string }) => r.to_hs6),
      expected,
    );
    assert.ok(up.every((r: { relationship: string }) => r.relationship === '1:n'));
    const csv = await s.get(`/v1/trade/products/${String(to1992(c)).padStart(6, '0')}/concordance?to=2022&format=csv`);
    assert.equal(csv.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.deepEqual((csv.body as string).trimEnd().split('\r\n'), [
      'from_hs6,from_version,to_hs6,to_version,relationship',
      ...up.map((r: Record<string, unknown>) => Object.values(r).join(',')),
    ]);
    expectError(await s.get(`/v1/trade/products/${code}/concordance?to=2017`), 422, 'validation_error');
    expectError(await s.get(`/v1/trade/products/${code}/concordance`), 422, 'validation_error');
  });

  it('extracts every flow of a year as Parquet with the summary own count and total', async () => {
    const r = await s.get(`/v1/trade/bulk?from=${year}&to=${year}`);
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('content-type'), 'application/vnd.apache.parquet');
    assert.match(String(r.headers.get('content-disposition')), /^attachment; filename="trade-\d{4}-\d{4}\.parquet"$/);
    const file = path.join(work, 'extract.parquet');
    writeFileSync(file, r.raw);
    const [back] = await read(conn, `SELECT count(*)::INTEGER AS n, sum(value_usd) AS v FROM '${file}'`);
    const summary = await s.get(`/v1/trade/summary?from=${year}&to=${year}`);
    const n = (await read(conn, 'SELECT count(*)::INTEGER AS n FROM annual_by_year WHERE year = $1', [year]))[0]!.n;
    assert.equal(back!.n, n);
    assert.ok(Math.abs(Number(back!.v) - summary.body.data.trade_value) < 1e-6 * summary.body.data.trade_value);
    assert.equal(r.headers.get('x-rows'), String(n));
  });

  it(
    'reads the UNSD workbook itself when the shared data is there',
    { skip: !existsSync(UNSD) && 'no ../shared/data' },
    async () => {
      const { readHsConcordance } = await import('../src/ingest/adapters/hs-concordance.js');
      const t = await readHsConcordance(UNSD);
      assert.equal(t.badRows.length, 0);
      assert.ok(t.conversions.length > 5000);
      assert.ok(t.conversions.every((c) => c.from_version === 2022 && c.to_version === 1992));
      assert.ok(t.correlations.some((c) => c.relationship === 'n:n'));
    },
  );
});
