import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectError, startTestServer, type TestServer } from './helpers/server.js';

const close = (a: number, b: number, what: string) =>
  assert.ok(Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b)), `${what}: ${a} != ${b}`);
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe('trade operations', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  const ok = async (path: string) => {
    const r = await s.get(path);
    assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
    // The annual listing pages (see trade-paging.test.ts); no other operation here does.
    const paged = /^\/v1\/trade(\?|$)/.test(path);
    assert.deepEqual(
      Object.keys(r.body).sort(),
      paged ? ['data', 'duration_ms', 'next_cursor', 'request_id'] : ['data', 'duration_ms', 'request_id'],
    );
    assert.ok(Number.isInteger(r.body.duration_ms) && r.body.duration_ms >= 0);
    return r.body.data;
  };

  it('lists annual observations with every field, sorted by period, value desc, then the key', async () => {
    const rows = await ok('/v1/trade?reporter=DE&flow=export&from=2020&to=2021&limit=500');
    assert.ok(rows.length > 0);
    for (const r of rows) {
      assert.deepEqual(Object.keys(r).sort(), [
        'exporter',
        'granularity',
        'hs6',
        'hs_version',
        'importer',
        'period',
        'quantity',
        'quantity_unit',
        'value_usd',
      ]);
      assert.equal(r.exporter, 'DE');
      assert.match(r.importer, /^[A-Z]{2}$/);
      assert.match(r.hs6, /^\d{6}$/);
      assert.equal(r.hs_version, 2022);
      assert.ok(['2020-01-01', '2021-01-01'].includes(r.period));
      assert.equal(r.granularity, 'annual');
      assert.equal(r.quantity_unit, 'kg');
      assert.ok(r.quantity === null || typeof r.quantity === 'number');
    }
    const keys = rows.map((r: any) => [r.period, -r.value_usd, r.exporter, r.importer, r.hs6]);
    const sorted = [...keys].sort((a, b) =>
      a[0] < b[0]
        ? -1
        : a[0] > b[0]
          ? 1
          : a[1] - b[1] ||
            (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : a[3] < b[3] ? -1 : a[3] > b[3] ? 1 : a[4] < b[4] ? -1 : 1),
    );
    assert.deepEqual(keys, sorted);
    assert.equal((await ok('/v1/trade?limit=7')).length, 7);
    assert.equal((await ok('/v1/trade')).length, 1000);
  });

  it('returns the same rows whichever stored copy answers', async () => {
    // One exporter reads the exporter-sorted copy in its stored order; two exporters sort.
    const single = await ok('/v1/trade?reporter=AT&flow=export&from=2023&to=2024&limit=10000');
    const multi = await ok('/v1/trade?reporter=AT,SI&flow=export&from=2023&to=2024&limit=10000');
    assert.ok(single.length > 0 && multi.length < 10000);
    assert.deepEqual(
      single,
      multi.filter((r: any) => r.exporter === 'AT'),
    );
    const top = await ok('/v1/trade?reporter=AT&flow=export&from=2023&to=2024&limit=25');
    assert.deepEqual(top, single.slice(0, 25));
    const byYear = await ok('/v1/trade?from=2024&to=2024&limit=30');
    const all2024 = await ok('/v1/trade?product=01,02,03,04,05,06,07,08,09,10&from=2024&to=2024&limit=10000');
    assert.ok(byYear[0].value_usd >= all2024[0].value_usd);
  });

  it('orients flows from the reporter side and counts a row matching both orientations once', async () => {
    const exp = await ok('/v1/trade?reporter=FR&partner=DE&flow=export&limit=10000');
    const imp = await ok('/v1/trade?reporter=FR&partner=DE&flow=import&limit=10000');
    const both = await ok('/v1/trade?reporter=FR&partner=DE&limit=10000');
    assert.ok(exp.every((r: any) => r.exporter === 'FR' && r.importer === 'DE'));
    assert.ok(imp.every((r: any) => r.exporter === 'DE' && r.importer === 'FR'));
    assert.equal(both.length, exp.length + imp.length);
    // EU as reporter and no flow: an intra-EU row matches both orientations but appears once.
    const eu = await ok('/v1/trade?reporter=EU&partner=FR,DE&from=2023&to=2023&limit=10000');
    const ids = eu.map((r: any) => `${r.exporter}${r.importer}${r.hs6}${r.period}`);
    assert.equal(new Set(ids).size, ids.length);
    assert.ok(eu.some((r: any) => r.exporter === 'DE' && r.importer === 'FR'));
    // ISO3 and any case mean the same.
    assert.deepEqual(await ok('/v1/trade?reporter=fra&partner=deu&flow=export&limit=50'), exp.slice(0, 50));
    // Partner without reporter and without flow matches either side.
    const jp = await ok('/v1/trade?partner=JP&from=2024&to=2024&limit=10000');
    assert.ok(jp.every((r: any) => r.exporter === 'JP' || r.importer === 'JP'));
    assert.ok(jp.some((r: any) => r.exporter === 'JP') && jp.some((r: any) => r.importer === 'JP'));
  });

  it('matches HS prefixes and the hs: prefix', async () => {
    const chapter = await ok('/v1/trade?reporter=US&flow=export&product=27&limit=10000');
    assert.ok(chapter.length > 0 && chapter.every((r: any) => r.hs6.startsWith('27')));
    const heading = await ok('/v1/trade?reporter=US&flow=export&product=hs:2710&limit=10000');
    assert.deepEqual(
      heading,
      chapter.filter((r: any) => r.hs6.startsWith('2710')),
    );
    const two = await ok('/v1/trade?reporter=US&flow=export&product=2709,2710&limit=10000');
    assert.equal(two.length, chapter.filter((r: any) => /^27(09|10)/.test(r.hs6)).length);
  });

  it('computes the summary from the matching observations', async () => {
    const query = 'reporter=ZA&flow=export&product=26';
    const rows = await ok(`/v1/trade?${query}&limit=10000`);
    assert.ok(rows.length > 0 && rows.length < 10000);
    const sm = await ok(`/v1/trade/summary?${query}`);
    close(sm.trade_value, sum(rows.map((r: any) => r.value_usd)), 'trade_value');
    const withQty = rows.filter((r: any) => r.quantity !== null);
    close(sm.quantity, sum(withQty.map((r: any) => r.quantity)), 'quantity');
    close(
      sm.unit_value,
      sum(withQty.map((r: any) => r.value_usd)) / sum(withQty.map((r: any) => r.quantity)),
      'unit_value',
    );
    const years = [...new Set(rows.map((r: any) => r.period.slice(0, 4)))].sort() as string[];
    assert.deepEqual(
      sm.periods.map((p: any) => p.period),
      years,
    );
    for (const p of sm.periods)
      close(
        p.value_usd,
        sum(rows.filter((r: any) => r.period.startsWith(p.period)).map((r: any) => r.value_usd)),
        `period ${p.period}`,
      );
    const [prev, last] = sm.periods.slice(-2);
    assert.equal(Number(last.period), Number(prev.period) + 1);
    close(sm.growth, 100 * (last.value_usd / prev.value_usd - 1), 'growth');
    const byPartner = new Map<string, number>();
    for (const r of rows) byPartner.set(r.importer, (byPartner.get(r.importer) ?? 0) + r.value_usd);
    const expected = [...byPartner].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, 10);
    assert.deepEqual(
      sm.top_partners.map((p: any) => p.partner),
      expected.map(([p]) => p),
    );
    for (const p of sm.top_partners) close(p.share, p.value_usd / sm.trade_value, 'share');
    close(
      sm.partner_concentration,
      sum([...byPartner.values()].map((v) => (v / sm.trade_value) ** 2)),
      'HHI from rows',
    );
    assert.ok(sm.partner_concentration > 0 && sm.partner_concentration <= 1);
  });

  it('gives an HHI equal to the sum of squared shares of the partners operation', async () => {
    const sm = await ok('/v1/trade/summary?reporter=JP&flow=import&from=2019&to=2023');
    const partners = await ok('/v1/trade/countries/JP/partners?flow=import&from=2019&to=2023&limit=500');
    const total = sum(partners.map((p: any) => p.value_usd));
    close(total, sm.trade_value, 'total');
    close(sm.partner_concentration, sum(partners.map((p: any) => (p.value_usd / total) ** 2)), 'HHI');
    assert.deepEqual(
      sm.top_partners.map((p: any) => p.partner),
      partners.slice(0, 10).map((p: any) => p.partner),
    );
  });

  it('answers an empty summary with nulls, and growth null when the last two years are not consecutive', async () => {
    const empty = await ok('/v1/trade/summary?reporter=US&from=2000&to=2001');
    assert.deepEqual(empty, {
      trade_value: null,
      quantity: null,
      growth: null,
      unit_value: null,
      top_partners: [],
      partner_concentration: null,
      periods: [],
    });
    const rows = await ok('/v1/trade?reporter=MT&flow=export&limit=10000');
    const codes: string[] = rows.map((r: any) => String(r.hs6));
    const gapped = [...new Set(codes)].find((hs) => {
      const ys = [
        ...new Set(rows.filter((r: any) => r.hs6 === hs).map((r: any) => Number(r.period.slice(0, 4)))),
      ].sort() as number[];
      return ys.length >= 2 && ys[ys.length - 1]! - ys[ys.length - 2]! > 1;
    });
    if (gapped) assert.equal((await ok(`/v1/trade/summary?reporter=MT&flow=export&product=${gapped}`)).growth, null);
  });

  it('country imports and exports are one point per year equal to the observations', async () => {
    const rows = await ok('/v1/trade?reporter=CH&flow=import&partner=IT&limit=10000');
    const series = await ok('/v1/trade/countries/CH/imports?partner=IT');
    for (const p of series) {
      assert.deepEqual(Object.keys(p).sort(), [
        'exporter',
        'flow_count',
        'hs6',
        'importer',
        'partner',
        'period',
        'quantity',
        'value_usd',
      ]);
      assert.equal(p.partner, null);
      const year = rows.filter((r: any) => r.period === p.period);
      close(p.value_usd, sum(year.map((r: any) => r.value_usd)), p.period);
      assert.equal(p.flow_count, year.length);
    }
    assert.deepEqual(
      series.map((p: any) => p.period),
      [...new Set(rows.map((r: any) => r.period))].sort(),
    );
    const exports = await ok('/v1/trade/countries/CH/exports?from=2022&to=2022');
    const exRows = await ok('/v1/trade?reporter=CH&flow=export&from=2022&to=2022&limit=10000');
    close(exports[0].value_usd, sum(exRows.map((r: any) => r.value_usd)), 'exports 2022');
  });

  it('ranks partners and products; without flow both directions are summed', async () => {
    const exp = await ok('/v1/trade/countries/KR/partners?flow=export&limit=500');
    const imp = await ok('/v1/trade/countries/KR/partners?flow=import&limit=500');
    const both = await ok('/v1/trade/countries/KR/partners?limit=500');
    const m = new Map<string, number>();
    for (const p of [...exp, ...imp]) m.set(p.partner, (m.get(p.partner) ?? 0) + p.value_usd);
    assert.equal(both.length, m.size);
    for (const p of both) close(p.value_usd, m.get(p.partner)!, p.partner);
    const values = both.map((p: any) => p.value_usd);
    assert.deepEqual(
      values,
      [...values].sort((a, b) => b - a),
    );
    const products = await ok('/v1/trade/countries/KR/products?flow=export&limit=5');
    assert.equal(products.length, 5);
    assert.ok(products.every((p: any) => /^\d{6}$/.test(p.hs6) && p.partner === null && p.period === null));
    const top = await ok(`/v1/trade?reporter=KR&flow=export&product=${products[0].hs6}&limit=10000`);
    close(products[0].value_usd, sum(top.map((r: any) => r.value_usd)), 'top product');
  });

  it('product detail, history and markets', async () => {
    const detail = await ok('/v1/trade/products/hs:27');
    assert.equal(detail.id, '27');
    assert.ok(detail.matches.length > 3);
    const codes = detail.matches.map((m: any) => m.hs6);
    assert.deepEqual(codes, [...codes].sort());
    for (const m of detail.matches) {
      assert.deepEqual(Object.keys(m).sort(), ['chapter', 'heading', 'hs6', 'hs_version', 'name']);
      assert.equal(m.chapter, '27');
      assert.equal(m.heading, m.hs6.slice(0, 4));
    }
    const history = await ok('/v1/trade/products/2709/history?reporter=US&flow=import');
    const rows = await ok('/v1/trade?reporter=US&flow=import&product=2709&limit=10000');
    for (const p of history)
      close(p.value_usd, sum(rows.filter((r: any) => r.period === p.period).map((r: any) => r.value_usd)), p.period);
    const markets = await ok('/v1/trade/products/2709/markets?from=2023&to=2023&limit=3');
    assert.equal(markets.top_exporters.length, 3);
    assert.ok(markets.top_exporters.every((g: any) => g.exporter && g.importer === null));
    assert.ok(markets.top_importers.every((g: any) => g.importer && g.exporter === null));
    const all = await ok('/v1/trade?product=2709&from=2023&to=2023&limit=10000');
    const byExporter = new Map<string, number>();
    for (const r of all) byExporter.set(r.exporter, (byExporter.get(r.exporter) ?? 0) + r.value_usd);
    const top = [...byExporter].sort((a, b) => b[1] - a[1])[0]!;
    assert.equal(markets.top_exporters[0].exporter, top[0]);
    close(markets.top_exporters[0].value_usd, top[1], 'top exporter');
  });

  it('searches products by code prefix or every word of the name', async () => {
    const byCode = await ok('/v1/trade/products?q=2709');
    assert.deepEqual(
      byCode.map((p: any) => p.hs6),
      ['270900'],
    );
    const byPrefix = await ok('/v1/trade/products?q=87&limit=500');
    assert.ok(byPrefix.length > 3 && byPrefix.every((p: any) => p.hs6.startsWith('87')));
    const words = await ok('/v1/trade/products?q=CRUDE%20petroleum');
    assert.ok(words.some((p: any) => p.hs6 === '270900'));
    assert.ok(words.every((p: any) => /crude/i.test(p.name) && /petroleum/i.test(p.name)));
    assert.equal((await ok('/v1/trade/products?q=oil&limit=2')).length, 2);
    assert.deepEqual(await ok('/v1/trade/products?q=zzzz'), []);
  });

  it('searches countries: exact codes first, then name prefix, then substring', async () => {
    assert.equal((await ok('/v1/trade/countries?q=de'))[0].id, 'DE');
    assert.equal((await ok('/v1/trade/countries?q=deu'))[0].id, 'DE');
    const ger = await ok('/v1/trade/countries?q=ger');
    assert.equal(ger[0].id, 'DE');
    assert.ok(ger.some((c: any) => c.id === 'NG'));
    const eu = await ok('/v1/trade/countries?q=eu');
    assert.deepEqual(eu[0], { id: 'EU', iso3: null, name: 'European Union', is_group: true });
    const us = (await ok('/v1/trade/countries?q=us'))[0];
    assert.deepEqual(us, { id: 'US', iso3: 'USA', name: 'United States', is_group: false });
  });

  it('describes a country and the EU group', async () => {
    const za = await ok('/v1/trade/countries/zaf');
    assert.equal(za.id, 'ZA');
    assert.equal(za.iso3, 'ZAF');
    assert.equal(za.region, 'Africa');
    assert.equal(za.is_group, false);
    const eu = await ok('/v1/trade/countries/EU');
    assert.equal(eu.is_group, true);
    const partnerOnly = await ok('/v1/trade/countries/NG');
    assert.match(partnerOnly.note, /partner/i);
  });

  it('reports coverage for the 41 reporting countries, sorted', async () => {
    const rows = await ok('/v1/trade/coverage');
    assert.equal(rows.length, 41);
    const ids = rows.map((r: any) => r.country);
    assert.deepEqual(ids, [...ids].sort());
    for (const r of rows) {
      assert.equal(r.yearly_first, 2015);
      assert.equal(r.yearly_last, 2025);
      assert.equal(r.monthly_first, '2015-01-01');
      assert.equal(r.monthly_last, '2026-05-01');
    }
  });

  it('says the sample is generated, in the provenance fields of economic series', async () => {
    const econ = (await s.get('/v1/latest?country=USA&indicator=inflation')).body.data[0];
    const fields = ['source_name', 'source_url', 'license_id', 'attribution_text'];
    const expected = Object.fromEntries(fields.map((f) => [f, econ[f]]));
    assert.match(expected.source_name, /generated sample/i);
    for (const r of await ok('/v1/trade/coverage')) {
      assert.deepEqual(Object.fromEntries(fields.map((f) => [f, r[f]])), expected, r.country);
    }
    // A reporter, a partner-only country and the EU group alike.
    for (const cid of ['DE', 'NG', 'EU']) {
      const c = await ok(`/v1/trade/countries/${cid}`);
      assert.deepEqual(Object.fromEntries(fields.map((f) => [f, c[f]])), expected, cid);
      assert.match(c.attribution_text, /synthetic/i);
    }
    // The OpenAPI document shows the fields.
    const doc = (await s.get('/v1/openapi.json')).body;
    const schemas = JSON.stringify(doc);
    for (const f of fields) assert.ok(schemas.includes(`"${f}"`), f);
    const coverage = doc.paths['/v1/trade/coverage'].get.responses['200'].content['application/json'].schema;
    assert.deepEqual(coverage.properties.data.items, { $ref: '#/components/schemas/CoverageRow' });
    assert.match(JSON.stringify(doc.components.schemas.CoverageRow), /source_name/);
  });

  it('answers 401 on every trade operation without a key, and 405 for other methods', async () => {
    for (const path of [
      '/v1/trade',
      '/v1/trade/summary',
      '/v1/trade/monthly',
      '/v1/trade/coverage',
      '/v1/trade/products?q=1',
      '/v1/trade/products/27',
      '/v1/trade/products/27/history',
      '/v1/trade/products/27/markets',
      '/v1/trade/countries?q=a',
      '/v1/trade/countries/US',
      '/v1/trade/countries/US/imports',
      '/v1/trade/countries/US/exports',
      '/v1/trade/countries/US/partners',
      '/v1/trade/countries/US/products',
    ]) {
      expectError(await s.get(path, { headers: { authorization: 'Bearer nope' } }), 401, 'invalid_key');
      const r = await s.get(path, { method: 'POST' });
      expectError(r, 405, 'method_not_allowed');
    }
  });

  it('answers 422 for malformed inputs with one item per parameter, and 404 for unknown ones', async () => {
    const cases: Array<[string, string[]]> = [
      ['/v1/trade?reporter=U1', ['reporter']],
      [
        '/v1/trade?reporter=USAA&product=123&flow=both&from=15&limit=0',
        ['reporter', 'product', 'flow', 'from', 'limit'],
      ],
      ['/v1/trade?from=2020&to=2019', ['from']],
      ['/v1/trade?limit=10001', ['limit']],
      ['/v1/trade/summary?product=hs:12345', ['product']],
      ['/v1/trade/monthly?method=both&group_by=year&from=2020-13', ['method', 'group_by', 'from']],
      ['/v1/trade/monthly?from=2021-05&to=2021-04', ['from']],
      ['/v1/trade/products', ['q']],
      ['/v1/trade/products?q=a&limit=501', ['limit']],
      ['/v1/trade/products/27x', ['pid']],
      ['/v1/trade/products/27/markets?limit=201', ['limit']],
      ['/v1/trade/countries?q=', ['q']],
      ['/v1/trade/countries/U', ['cid']],
      ['/v1/trade/countries/US/partners?limit=501&flow=out', ['flow', 'limit']],
    ];
    for (const [path, params] of cases) {
      const r = await s.get(path);
      expectError(r, 422, 'validation_error');
      assert.deepEqual(r.body.detail.map((d: any) => d.loc[1]).sort(), [...params].sort(), path);
    }
    for (const path of [
      '/v1/trade?reporter=XX',
      '/v1/trade?product=99',
      '/v1/trade/products/9999',
      '/v1/trade/countries/QQ',
      '/v1/trade/countries/QQQ/imports',
      '/v1/trade/monthly?importer=ZZ',
      '/v1/trade/summary?partner=US,XY',
    ]) {
      const r = await s.get(path);
      expectError(r, 404, 'not_found');
    }
    assert.match((await s.get('/v1/trade?partner=US,XY')).body.message, /XY/);
    expectError(await s.get('/v1/trade?reporter=XX&limit=0'), 422, 'validation_error');
  });
});
