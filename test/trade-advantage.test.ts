import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { DuckDBConnection } from '@duckdb/node-api';
import { expectError, startTestServer, type TestServer } from './helpers/server.js';
import { openServedTradeFile, type TradeFile } from './helpers/trade-file.js';

/**
 * `/v1/trade/countries/{cid}/advantage` (§4): Balassa's index checked against the
 * test's own computation over every flow of the snapshot, read straight from its file.
 */

type Row = { hs6: string; value_usd: number; world_value_usd: number; share: number; world_share: number; rca: number };

describe('revealed comparative advantage', () => {
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
    await s.close();
  });

  /** Every product the country exported in the year, with its index, from the flows themselves. */
  async function expected(iso2: string): Promise<Row[]> {
    const r = await conn.runAndReadAll(
      `WITH flows AS (SELECT c.iso2, lpad(hs6::VARCHAR, 6, '0') AS hs6, value
                      FROM annual_by_year a JOIN countries c ON c.id = a.exporter WHERE year = $1)
       SELECT hs6, sum(value) FILTER (WHERE iso2 = $2) AS x_cp,
              (SELECT sum(value) FROM flows WHERE iso2 = $2) AS x_c,
              sum(value) AS x_wp, (SELECT sum(value) FROM flows) AS x_w
       FROM flows GROUP BY hs6 HAVING x_cp > 0`,
      [year, iso2],
    );
    return r
      .getRowObjects()
      .map((o) => {
        const [xcp, xc, xwp, xw] = [o.x_cp, o.x_c, o.x_wp, o.x_w].map(Number) as [number, number, number, number];
        const share = xcp / xc;
        const worldShare = xwp / xw;
        return {
          hs6: String(o.hs6),
          value_usd: xcp,
          world_value_usd: xwp,
          share,
          world_share: worldShare,
          rca: share / worldShare,
        };
      })
      .sort((a, b) => b.rca - a.rca || a.hs6.localeCompare(b.hs6));
  }

  const close = (a: number, b: number, what: string) =>
    assert.ok(Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)), `${what}: ${a} != ${b}`);

  it('equals an independent computation for several countries, in rca order', async () => {
    for (const iso2 of ['DE', 'CN', 'BR', 'ZA']) {
      const want = await expected(iso2);
      assert.ok(want.length > 0, `${iso2} exports`);
      const got = (await s.data(`/v1/trade/countries/${iso2}/advantage?year=${year}&limit=1000`)) as Row[];
      assert.equal(got.length, Math.min(1000, want.length), iso2);
      got.forEach((g, i) => {
        const w = want[i]!;
        assert.equal(g.hs6, w.hs6, `${iso2} rank ${i}`);
        for (const k of ['value_usd', 'world_value_usd', 'share', 'world_share', 'rca'] as const)
          close(g[k], w[k], `${iso2} ${g.hs6} ${k}`);
      });
    }
  });

  it('a product only one country exports has rca = x_w / x_c', async () => {
    const r = await conn.runAndReadAll(
      `SELECT any_value(c.iso2) AS iso2, lpad(hs6::VARCHAR, 6, '0') AS hs6
       FROM annual_by_year a JOIN countries c ON c.id = a.exporter
       WHERE year = $1 GROUP BY hs6 HAVING count(DISTINCT a.exporter) = 1 ORDER BY hs6 LIMIT 1`,
      [year],
    );
    const only = r.getRowObjects()[0];
    assert.ok(only, 'the sample has a product with a single exporter');
    const [iso2, hs6] = [String(only.iso2), String(only.hs6)];
    const totals = (
      await conn.runAndReadAll(
        `SELECT sum(value) AS w, sum(value) FILTER (WHERE c.iso2 = $2) AS c
         FROM annual_by_year a JOIN countries c ON c.id = a.exporter WHERE year = $1`,
        [year, iso2],
      )
    ).getRowObjects()[0]!;
    const got = ((await s.data(`/v1/trade/countries/${iso2}/advantage?year=${year}&limit=1000`)) as Row[]).find(
      (x) => x.hs6 === hs6,
    );
    assert.ok(got, `${iso2} ${hs6} is ranked`);
    close(got.value_usd, got.world_value_usd, 'the world is the country');
    close(got.rca, Number(totals.w) / Number(totals.c), 'rca');
  });

  it('defaults to the latest year, min_value drops small products, limit cuts', async () => {
    const all = (await s.data('/v1/trade/countries/DE/advantage?limit=1000')) as Row[];
    assert.deepEqual(all, await s.data(`/v1/trade/countries/DE/advantage?year=${year}&limit=1000`));
    const big = (await s.data('/v1/trade/countries/DE/advantage?limit=1000&min_value=1000000000')) as Row[];
    assert.deepEqual(
      big,
      all.filter((x) => x.value_usd >= 1e9),
    );
    assert.deepEqual(await s.data('/v1/trade/countries/DE/advantage?limit=5'), all.slice(0, 5));
  });

  it('refuses an edition with no flows that year, listing those loaded; unknown countries are 404', async () => {
    const r = await s.get(`/v1/trade/countries/DE/advantage?year=${year}&hs_version=1992`);
    expectError(r, 422, 'validation_error');
    assert.match(r.body.detail[0].msg, /loaded: 2022/);
    expectError(await s.get('/v1/trade/countries/ZZ/advantage'), 404, 'not_found');
    for (const bad of ['limit=0', 'limit=1001', 'min_value=-1', 'year=20x3', 'hs_version=abc'])
      expectError(await s.get(`/v1/trade/countries/DE/advantage?${bad}`), 422, 'validation_error');
  });
});
