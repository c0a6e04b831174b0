import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectError, startTestServer, type TestServer } from './helpers/server.js';

type Point = { series_id: string; date: string; value: number };

function close(actual: number, expected: number, what: string): void {
  assert.ok(Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)), `${what}: ${actual} != ${expected}`);
}

describe('economics: history', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  async function walk(query: string): Promise<{ points: Point[]; pages: number }> {
    const points: Point[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const r: any = await s.get(`/v1/history?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.ok(r.body.data.length <= 1000);
      assert.ok('next_cursor' in r.body);
      if (r.body.next_cursor !== null) assert.equal(r.body.data.length, 1000);
      points.push(...r.body.data);
      cursor = r.body.next_cursor;
      pages++;
    } while (cursor);
    return { points, pages };
  }

  const raw = async (country: string, kpi: string) => (await walk(`country=${country}&indicator=${kpi}`)).points;

  it('returns HistoryPoint rows sorted by series_id then date, with next_cursor null on the last page', async () => {
    const r = await s.get('/v1/history?country=USA,DEU&indicator=GDP_USD,POLICY_RATE&from=2019&to=2020');
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ['data', 'next_cursor', 'request_id']);
    assert.equal(r.body.next_cursor, null);
    const keys = r.body.data.map((p: any) => `${p.series_id} ${p.date}`);
    assert.deepEqual(keys, [...keys].sort());
    assert.equal(r.body.data.filter((p: any) => p.series_id === 'USA.GDP_USD').length, 2);
    assert.equal(r.body.data.filter((p: any) => p.series_id === 'DEU.POLICY_RATE').length, 24);
    for (const p of r.body.data) {
      assert.equal(p.series_id, `${p.country_id}.${p.kpi_id}`);
      assert.ok(p.date >= '2019-01-01' && p.date <= '2020-12-31');
      assert.ok(['monthly', 'annual'].includes(p.frequency));
      assert.equal(typeof p.value, 'number');
    }
  });

  it('walks every point exactly once across pages', async () => {
    const query = 'country=g7&indicator=BOND_YIELD_10Y,CPI,GDP_USD&from=2010&to=2020-06-30';
    const { points, pages } = await walk(query);
    assert.ok(pages > 10, `only ${pages} pages`);
    const keys = points.map((p) => `${p.series_id} ${p.date}`);
    assert.equal(new Set(keys).size, keys.length, 'no point twice');
    assert.deepEqual(keys, [...keys].sort(), 'global order holds across pages');
    // Independent count: each series fetched on its own, without paging.
    let expected = 0;
    for (const c of ['CAN', 'DEU', 'FRA', 'GBR', 'ITA', 'JPN', 'USA']) {
      for (const k of ['BOND_YIELD_10Y', 'CPI', 'GDP_USD']) {
        const all = await raw(c, k);
        expected += all.filter((p) => p.date >= '2010-01-01' && p.date <= '2020-06-30').length;
      }
    }
    assert.equal(points.length, expected);
  });

  it('refuses a cursor reused with other filters, or tampered with', async () => {
    const first = await s.get('/v1/history?country=USA&indicator=FX_USD,BOND_YIELD_10Y');
    const cursor = first.body.next_cursor;
    assert.ok(cursor);
    const ok = await s.get(
      `/v1/history?country=usa&indicator=BOND_YIELD_10Y,FX_USD&cursor=${encodeURIComponent(cursor)}`,
    );
    assert.equal(ok.status, 200, 'same query written differently');
    const other = await s.get(
      `/v1/history?country=DEU&indicator=FX_USD,BOND_YIELD_10Y&cursor=${encodeURIComponent(cursor)}`,
    );
    expectError(other, 422, 'validation_error');
    assert.deepEqual(other.body.detail[0].loc, ['query', 'cursor']);
    const transformed = await s.get(
      `/v1/history?country=USA&indicator=FX_USD,BOND_YIELD_10Y&transform=yoy&cursor=${encodeURIComponent(cursor)}`,
    );
    expectError(transformed, 422, 'validation_error');
    const flipped = cursor.slice(0, 10) + (cursor[10] === 'A' ? 'B' : 'A') + cursor.slice(11);
    expectError(
      await s.get(`/v1/history?country=USA&indicator=FX_USD,BOND_YIELD_10Y&cursor=${flipped}`),
      422,
      'validation_error',
    );
    expectError(await s.get('/v1/history?cursor=not-a-cursor'), 422, 'validation_error');
  });

  it('validates from and to', async () => {
    for (const bad of ['from=2020-02-30', 'from=20', 'to=2020-1-1', 'from=yesterday']) {
      const r = await s.get(`/v1/history?country=USA&indicator=CPI&${bad}`);
      expectError(r, 422, 'validation_error');
      assert.equal(r.body.detail[0].loc[0], 'query');
    }
    const order = await s.get('/v1/history?country=USA&indicator=CPI&from=2021&to=2020');
    expectError(order, 422, 'validation_error');
    const inclusive = (await s.get('/v1/history?country=USA&indicator=CPI&from=2020&to=2020')).body.data;
    assert.equal(inclusive.length, 12);
    const exact = (await s.get('/v1/history?country=USA&indicator=CPI&from=2020-03-01&to=2020-05-01')).body.data;
    assert.deepEqual(
      exact.map((p: any) => p.date),
      ['2020-03-01', '2020-04-01', '2020-05-01'],
    );
    const empty = await s.get('/v1/history?country=USA&indicator=CPI&from=1990&to=1995');
    assert.deepEqual(empty.body.data, []);
  });

  it('answers 404 for unknown tokens and 422 before 404', async () => {
    expectError(await s.get('/v1/history?country=narnia'), 404, 'not_found');
    expectError(await s.get('/v1/history?indicator=vibes'), 404, 'not_found');
    expectError(await s.get('/v1/history?country=narnia&transform=bad'), 422, 'validation_error');
  });

  describe('transforms, recomputed from the raw series', () => {
    const cases: Array<[string, string, string]> = [
      ['USA', 'CPI', 'monthly'],
      ['DEU', 'GDP_USD', 'annual'],
      ['JPN', 'HOUSE_PRICES', 'quarterly'],
      ['GBR', 'FX_USD', 'daily'],
      ['JPN', 'POLICY_RATE', 'monthly (zero and negative values)'],
    ];
    for (const [country, kpi, label] of cases) {
      it(`${country}.${kpi} (${label})`, async () => {
        const x = await raw(country, kpi);
        const k = { annual: 1, quarterly: 4, monthly: 12 }[label.split(' ')[0] as 'annual'];
        const expected: Record<string, Map<string, number>> = {
          yoy: new Map(),
          mom: new Map(),
          log_diff: new Map(),
          '3mma': new Map(),
        };
        x.forEach((p, t) => {
          const yearAgo = `${Number(p.date.slice(0, 4)) - 1}${p.date.slice(4)}`;
          let base: number | undefined;
          if (label === 'daily') {
            // last observation on or before the same calendar date a year earlier
            for (let j = t - 1; j >= 0; j--)
              if (x[j]!.date <= yearAgo) {
                base = x[j]!.value;
                break;
              }
          } else {
            base = t - k >= 0 && x[t - k]!.date === yearAgo ? x[t - k]!.value : undefined;
          }
          if (base !== undefined && base !== 0) expected.yoy!.set(p.date, 100 * (p.value / base - 1));
          const prev = x[t - 1]?.value;
          if (prev !== undefined && prev !== 0) expected.mom!.set(p.date, 100 * (p.value / prev - 1));
          if (prev !== undefined && prev > 0 && p.value > 0)
            expected.log_diff!.set(p.date, Math.log(p.value) - Math.log(prev));
          if (t >= 2) expected['3mma']!.set(p.date, (p.value + x[t - 1]!.value + x[t - 2]!.value) / 3);
        });
        for (const transform of ['yoy', 'mom', 'log_diff', '3mma']) {
          const got = (await walk(`country=${country}&indicator=${kpi}&transform=${transform}`)).points;
          const want = expected[transform]!;
          assert.equal(got.length, want.size, `${transform}: number of points`);
          for (const p of got) close(p.value, want.get(p.date)!, `${transform} ${p.date}`);
        }
        // The transform is computed on the full series before from/to cut it.
        const cut = (await s.get(`/v1/history?country=${country}&indicator=${kpi}&transform=yoy&from=2021&to=2021`))
          .body.data;
        const want = [...expected.yoy!].filter(([d]) => d.startsWith('2021'));
        assert.equal(cut.length, want.length);
        assert.ok(cut.length > 0);
        cut.forEach((p: any, i: number) => close(p.value, want[i]![1], `cut yoy ${p.date}`));
      });
    }
  });
});
