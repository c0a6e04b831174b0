import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { snapshotsDir } from '../src/store/snapshot-layout.js';
import { provideSample } from './helpers/sample.js';
import { answerOf, closeServed, serveInProcess, type Served } from './helpers/in-process.js';

/** The trade file of a data directory's current snapshot. */
function tradeFile(dataDir: string): string {
  const name = readFileSync(path.join(dataDir, 'CURRENT'), 'utf8').trim();
  return path.join(snapshotsDir(dataDir), name, 'trade.duckdb');
}

async function tables(file: string): Promise<string[]> {
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  const conn = await instance.connect();
  const rows = (await conn.runAndReadAll('SELECT table_name FROM duckdb_tables()')).getRows();
  conn.closeSync();
  instance.closeSync();
  return rows.map(([t]) => String(t));
}

/**
 * Requests naming both sides, which read the pair-led copy (listings with their
 * pages, sums and series), and listings of a country with and without a product,
 * which read the copies led by a country.
 */
const REQUESTS = [
  '/v1/trade?reporter=DE&limit=100',
  '/v1/trade?reporter=CN&flow=export&from=2021&limit=100',
  '/v1/trade?reporter=US&flow=import&product=87&limit=50',
  '/v1/trade?reporter=JP&product=8703&limit=20',
  '/v1/trade?reporter=BR&product=02&limit=60',
  '/v1/trade?reporter=FR,IT&product=8703&limit=30',
  '/v1/trade?reporter=DE&partner=FR&limit=50',
  '/v1/trade?reporter=DE&partner=FR&flow=export&from=2020&to=2022&limit=20',
  '/v1/trade?reporter=CN&partner=US&flow=import&product=85&limit=30',
  '/v1/trade?reporter=FR,IT&partner=CN&limit=40',
  '/v1/trade?product=0201&limit=70',
  '/v1/trade?product=02&from=2021&limit=200',
  '/v1/trade/summary?reporter=DE&partner=CN&product=87',
  '/v1/trade/summary?reporter=US&partner=MX&from=2021&to=2023',
  '/v1/trade/products/8703/history?reporter=DE&partner=US',
  '/v1/trade/countries/JP/imports?partner=CN&product=84',
  '/v1/trade/countries/KR/exports?product=85',
];

/**
 * Turns a sample's trade file into a former layout: without the copies led by a
 * country then the year, with the country-led copies in `order`, and with or
 * without the pair-led copy. The shared sample is linked, so it is copied first.
 */
async function formerLayout(
  file: string,
  layout: { pairCopy: boolean; order: (lead: string, other: string) => string },
) {
  copyFileSync(file, `${file}.own`);
  unlinkSync(file);
  copyFileSync(`${file}.own`, file);
  unlinkSync(`${file}.own`);
  const instance = await DuckDBInstance.create(file);
  const conn = await instance.connect();
  if (!layout.pairCopy) await conn.run('DROP TABLE annual_by_pair');
  for (const [lead, other] of [
    ['exporter', 'importer'],
    ['importer', 'exporter'],
  ] as const) {
    await conn.run(`DROP TABLE annual_by_${lead}_year`);
    await conn.run(
      `CREATE OR REPLACE TABLE annual_by_${lead} AS ` +
        `SELECT * FROM annual_by_${lead} ORDER BY ${layout.order(lead, other)}`,
    );
  }
  await conn.run('CHECKPOINT');
  conn.closeSync();
  instance.closeSync();
}

describe('the copies of the annual facts led by a pair and by a country', () => {
  let current: Served;
  let former: Served[];
  let dirs: string[];
  before(async () => {
    dirs = [0, 1, 2].map(() => mkdtempSync(path.join(tmpdir(), 'econtrade-test-')));
    for (const dir of dirs) await provideSample(dir);
    // Before the pair copy, a country's rows were sorted by year.
    await formerLayout(tradeFile(dirs[1]!), {
      pairCopy: false,
      order: (lead, other) => `${lead}, year, value DESC, ${other}, hs6`,
    });
    // With it came a country's rows sorted by chapter, then year.
    await formerLayout(tradeFile(dirs[2]!), {
      pairCopy: true,
      order: (lead, other) => `${lead}, hs6 // 10000, year, value DESC, ${other}, hs6`,
    });
    current = await serveInProcess(dirs[0]!);
    former = [await serveInProcess(dirs[1]!), await serveInProcess(dirs[2]!)];
  });
  after(async () => {
    for (const s of [current, ...former]) await closeServed(s);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is built by the sample, and absent from the files in a former layout', async () => {
    const [now, beforePair, withPair] = await Promise.all(dirs.map((d) => tables(tradeFile(d))));
    for (const t of ['annual_by_pair', 'annual_by_exporter_year', 'annual_by_importer_year'])
      assert.ok(now!.includes(t));
    assert.ok(!beforePair!.includes('annual_by_pair') && !beforePair!.includes('annual_by_exporter_year'));
    assert.ok(withPair!.includes('annual_by_pair') && !withPair!.includes('annual_by_importer_year'));
  });

  it('answers as the former layouts do, page after page', async () => {
    for (const url of REQUESTS) {
      let next: string | null = url;
      for (let page = 0; next && page < 4; page++) {
        const asked: string = next;
        const [a, ...others] = await Promise.all([current, ...former].map((s) => answerOf(s, asked)));
        assert.equal(a!.status, 200, `${asked}: ${JSON.stringify(a!.body)}`);
        for (const b of others) assert.deepEqual(a!.body, b.body, asked);
        const data = a!.body.data;
        if (Array.isArray(data)) assert.ok(data.length > 0, `${asked}: no rows, so nothing was compared`);
        const cursor = a!.body.next_cursor as string | null | undefined;
        next = cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : null;
      }
    }
  });
});
