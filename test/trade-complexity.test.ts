import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { DuckDBConnection } from '@duckdb/node-api';
import { expectError, startTestServer, type TestServer } from './helpers/server.js';
import { openServedTradeFile, type TradeFile } from './helpers/trade-file.js';
import { ROOT } from './helpers/paths.js';

/**
 * Economic complexity (§4) through a real server, against numpy: the test reads the
 * year's flows straight from the snapshot's file, and `helpers/complexity_reference.py`
 * computes every measure with dense matrices from the products' side (numpy's `eig` of
 * Mpp), independently of the service's computation.
 */

const PYTHON = process.env.PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
const REFERENCE = path.join(ROOT, 'test', 'helpers', 'complexity_reference.py');

function python(args: string[], input?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(PYTHON, args, { maxBuffer: 1 << 30 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout),
    );
    if (input !== undefined) child.stdin!.end(input);
  });
}

const numpyMissing: string | false = await python(['-c', 'import numpy']).then(
  () => false,
  () => `${PYTHON} cannot import numpy (python3-numpy, which python3-pandas brings): the comparison did not run`,
);
if (numpyMissing && process.env.REQUIRE_SERVICES === '1') throw new Error(numpyMissing);

interface Reference {
  countries: string[];
  products: number[];
  eci: number[];
  pci: number[];
  coi: number[];
  diversity: number[];
  ubiquity: number[];
  exports: number[];
  world_exports: number[];
  value: number[][];
  rca: number[][];
  density: number[][];
  cog: number[][];
  proximity: number[][];
}

type Level = 'hs4' | 'hs6';
const close = (a: number, b: number, what: string) =>
  assert.ok(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)), `${what}: ${a} against ${b}`);
const code = (p: number, level: Level) => String(p).padStart(level === 'hs4' ? 4 : 6, '0');
/** Indices by score descending, ties by key ascending. */
const ranked = <K extends string | number>(score: number[], key: (i: number) => K, among?: number[]) =>
  (among ?? score.map((_, i) => i)).sort((a, b) => score[b]! - score[a]! || (key(a) < key(b) ? -1 : 1));

describe('economic complexity', { skip: numpyMissing || undefined }, () => {
  let s: TestServer;
  let file: TradeFile;
  let conn: DuckDBConnection;
  let year: number;

  before(async () => {
    s = await startTestServer();
    file = await openServedTradeFile(s.dataDir);
    ({ conn, latestYear: year } = file);
  });
  after(async () => {
    file?.close();
    await s?.close();
  });

  /** The year's exports by exporter (ISO2) and product at `level`, from every flow of the file. */
  async function exportsOf(level: Level) {
    const product = level === 'hs4' ? 'a.hs6 // 100' : 'a.hs6';
    const r = await conn.runAndReadAll(
      `SELECT c.iso2 AS country, (${product})::INTEGER AS product, sum(a.value)::DOUBLE AS value
       FROM annual_by_year a JOIN countries c ON c.id = a.exporter WHERE a.year = $1 GROUP BY ALL`,
      [year],
    );
    return r
      .getRowObjects()
      .map((o) => ({ country: String(o.country), product: Number(o.product), value: Number(o.value) }));
  }

  async function reference(level: Level, minCountry: number, minProduct: number): Promise<Reference> {
    const rows = await exportsOf(level);
    const task = {
      countries: rows.map((r) => r.country),
      products: rows.map((r) => r.product),
      values: rows.map((r) => r.value),
      min_country_exports: minCountry,
      min_product_trade: minProduct,
    };
    return JSON.parse(await python([REFERENCE], JSON.stringify(task))) as Reference;
  }

  const query = (level: Level, minCountry: number, minProduct: number) =>
    `year=${year}&level=${level}&min_country_exports=${minCountry}&min_product_trade=${minProduct}`;

  /** Both rankings equal numpy's, row for row, in the contract's order. */
  async function assertRankings(level: Level, minCountry: number, minProduct: number): Promise<Reference> {
    const ref = await reference(level, minCountry, minProduct);
    const q = `${query(level, minCountry, minProduct)}&limit=10000`;
    const countries = (await s.data(`/v1/trade/complexity/countries?${q}`)) as any[];
    const order = ranked(ref.eci, (c) => ref.countries[c]!);
    assert.equal(countries.length, order.length);
    countries.forEach((row, i) => {
      const c = order[i]!;
      assert.equal(row.country, ref.countries[c], `rank ${i + 1}`);
      assert.equal(row.rank, i + 1);
      assert.equal(row.diversity, ref.diversity[c]);
      assert.deepEqual([row.year, row.level, row.hs_version], [year, level, 2022]);
      close(row.eci, ref.eci[c]!, `eci of ${row.country}`);
      close(row.coi, ref.coi[c]!, `coi of ${row.country}`);
      close(row.exports_usd, ref.exports[c]!, `exports of ${row.country}`);
    });
    const products = (await s.data(`/v1/trade/complexity/products?${q}`)) as any[];
    const byPci = ranked(ref.pci, (p) => ref.products[p]!);
    assert.equal(products.length, byPci.length);
    products.forEach((row, i) => {
      const p = byPci[i]!;
      assert.equal(row.product, code(ref.products[p]!, level), `rank ${i + 1}`);
      assert.equal(row.ubiquity, ref.ubiquity[p]);
      close(row.pci, ref.pci[p]!, `pci of ${row.product}`);
      close(row.world_exports_usd, ref.world_exports[p]!, `world exports of ${row.product}`);
    });
    return ref;
  }

  it('ranks countries and products as numpy computes them, at the default thresholds (HS4)', async () => {
    const ref = await assertRankings('hs4', 1_000_000_000, 500_000_000);
    assert.ok(ref.countries.length >= 20 && ref.products.length >= 100, 'a real part of the year is kept');
    // The defaults are the contract's.
    assert.deepEqual(
      await s.data(`/v1/trade/complexity/countries?year=${year}`),
      await s.data(`/v1/trade/complexity/countries?${query('hs4', 1_000_000_000, 500_000_000)}`),
    );
  });

  it('ranks HS6 products too', async () => {
    await assertRankings('hs6', 1_000_000_000, 2_000_000_000);
  });

  it('keeps a country whose total reaches the threshold, leaves it out a dollar above (products alike)', async () => {
    const rows = await exportsOf('hs4');
    const totals = (key: 'country' | 'product') => {
      const t = new Map<string | number, number>();
      for (const r of rows) t.set(r[key], (t.get(r[key]) ?? 0) + r.value);
      return [...t].sort((a, b) => a[1] - b[1]);
    };
    // The 20th smallest exporter: its total rounded down keeps it, one more dollar does not.
    const [country, total] = totals('country')[19]!;
    const kept = await assertRankings('hs4', Math.floor(total), 0);
    assert.ok(kept.countries.includes(country as string));
    const left = await assertRankings('hs4', Math.floor(total) + 1, 0);
    assert.ok(!left.countries.includes(country as string));
    assert.equal(left.countries.length, kept.countries.length - 1);
    const [product, world] = totals('product')[200]!;
    assert.ok((await assertRankings('hs4', 0, Math.floor(world))).products.includes(product as number));
    assert.ok(!(await assertRankings('hs4', 0, Math.floor(world) + 1)).products.includes(product as number));
  });

  it("answers a country's opportunities and a product's related products as numpy computes them", async () => {
    const ref = await reference('hs4', 1_000_000_000, 500_000_000);
    const q = `${query('hs4', 1_000_000_000, 500_000_000)}&limit=10000`;
    for (const iso2 of ['DE', 'BR']) {
      const c = ref.countries.indexOf(iso2);
      assert.ok(c >= 0, `${iso2} is kept`);
      const open = ref.products.map((_, p) => p).filter((p) => ref.rca[c]![p]! < 1);
      const order = ranked(ref.cog[c]!, (p) => ref.products[p]!, open);
      const rows = (await s.data(`/v1/trade/countries/${iso2}/opportunities?${q}`)) as any[];
      assert.equal(rows.length, order.length, iso2);
      rows.forEach((row, i) => {
        const p = order[i]!;
        assert.equal(row.product, code(ref.products[p]!, 'hs4'), `${iso2} ${i}`);
        for (const [field, want] of [
          ['density', ref.density[c]![p]!],
          ['cog', ref.cog[c]![p]!],
          ['pci', ref.pci[p]!],
          ['rca', ref.rca[c]![p]!],
          ['value_usd', ref.value[c]![p]!],
        ] as const)
          close(row[field], want, `${iso2} ${row.product} ${field}`);
      });
    }
    for (const p of [0, Math.floor(ref.products.length / 2)]) {
      const pid = code(ref.products[p]!, 'hs4');
      const others = ref.products.map((_, q2) => q2).filter((q2) => q2 !== p);
      const order = ranked(ref.proximity[p]!, (q2) => ref.products[q2]!, others);
      const rows = (await s.data(`/v1/trade/products/${pid}/related?${q}`)) as any[];
      assert.equal(rows.length, order.length);
      rows.forEach((row, i) => {
        assert.equal(row.product, code(ref.products[order[i]!]!, 'hs4'), `${pid} ${i}`);
        close(row.proximity, ref.proximity[p]![order[i]!]!, `${pid} ${row.product}`);
      });
    }
    // `limit` cuts the same order.
    const firstTwo = (await s.data(
      `/v1/trade/countries/DE/opportunities?${`${query('hs4', 1e9, 5e8)}&limit=2`}`,
    )) as any[];
    assert.equal(firstTwo.length, 2);
  });

  it('answers [] for a year without data or a country not kept; refuses what the contract refuses', async () => {
    assert.deepEqual(await s.data('/v1/trade/complexity/countries?year=1990'), []);
    assert.deepEqual(
      await s.data(`/v1/trade/complexity/products?year=${year}&min_country_exports=1000000000000000`),
      [],
    );
    expectError(await s.get(`/v1/trade/complexity/countries?level=hs5`), 422, 'validation_error');
    expectError(await s.get(`/v1/trade/complexity/countries?limit=10001`), 422, 'validation_error');
    const negative = await s.get(`/v1/trade/complexity/countries?min_product_trade=-1`);
    expectError(negative, 422, 'validation_error');
    expectError(await s.get('/v1/trade/products/870323/related'), 422, 'validation_error');
    expectError(await s.get('/v1/trade/products/8703/related?level=hs6'), 422, 'validation_error');
    expectError(await s.get('/v1/trade/products/9999/related'), 404, 'not_found');
    expectError(await s.get('/v1/trade/countries/EU/opportunities'), 422, 'validation_error');
    expectError(await s.get('/v1/trade/countries/XX/opportunities'), 404, 'not_found');
    // A product or a country left out by the thresholds has nothing to answer.
    const small = (await s.data(`/v1/trade/complexity/countries?year=${year}&limit=10000`)) as any[];
    const everyone = (await s.data(`/v1/trade/complexity/countries?${`${query('hs4', 0, 0)}&limit=10000`}`)) as any[];
    const out = everyone.find((r) => !small.some((k) => k.country === r.country));
    assert.ok(out, 'a country under the default threshold');
    assert.deepEqual(await s.data(`/v1/trade/countries/${out.country}/opportunities?year=${year}`), []);
  });
});
