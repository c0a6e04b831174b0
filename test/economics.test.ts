import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectError, startTestServer, type TestServer } from './helpers/server.js';

const G20 = [
  'ARG',
  'AUS',
  'BRA',
  'CAN',
  'CHN',
  'FRA',
  'DEU',
  'IND',
  'IDN',
  'ITA',
  'JPN',
  'KOR',
  'MEX',
  'RUS',
  'SAU',
  'ZAF',
  'TUR',
  'GBR',
  'USA',
];
const EU = [
  'AUT',
  'BEL',
  'BGR',
  'HRV',
  'CYP',
  'CZE',
  'DNK',
  'EST',
  'FIN',
  'FRA',
  'DEU',
  'GRC',
  'HUN',
  'IRL',
  'ITA',
  'LVA',
  'LTU',
  'LUX',
  'MLT',
  'NLD',
  'POL',
  'PRT',
  'ROU',
  'SVK',
  'SVN',
  'ESP',
  'SWE',
];
const G7 = ['CAN', 'DEU', 'FRA', 'GBR', 'ITA', 'JPN', 'USA'];

describe('economics: countries and indicators', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  it('lists 50 countries and the euro-area aggregate, sorted, with real memberships', async () => {
    const r = await s.get('/v1/countries');
    assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(r.body).sort(), ['data', 'request_id']);
    const rows = r.body.data;
    const ids = rows.map((c: any) => c.country_id);
    assert.deepEqual(ids, [...ids].sort());
    assert.equal(rows.filter((c: any) => c.kind === 'country').length, 50);
    const emu = rows.find((c: any) => c.country_id === 'EMU');
    assert.equal(emu.kind, 'aggregate');
    assert.equal(emu.iso2, null);
    for (const id of [...G20, ...EU]) assert.ok(ids.includes(id), `${id} missing`);
    const byId = new Map(rows.map((c: any) => [c.country_id, c]));
    for (const id of G7) assert.ok((byId.get(id) as any).groups.includes('g7'));
    for (const id of EU) assert.ok((byId.get(id) as any).groups.includes('eu'), `${id} not in eu`);
    assert.deepEqual(
      rows
        .filter((c: any) => c.groups.includes('g20'))
        .map((c: any) => c.country_id)
        .sort(),
      [...G20].sort(),
    );
    assert.ok(!(byId.get('GBR') as any).groups.includes('eu'));
    assert.ok((byId.get('HRV') as any).groups.includes('emu'));
    assert.ok(!(byId.get('POL') as any).groups.includes('emu'));
    for (const c of rows) {
      assert.match(c.country_id, /^[A-Z]{3}$/);
      assert.match(c.slug, /^[a-z0-9]+(-[a-z0-9]+)*$/);
      if (c.kind === 'country') assert.match(c.iso2, /^[A-Z]{2}$/);
      for (const g of c.groups) assert.ok(['g7', 'g20', 'emu', 'eu', 'oecd', 'brics'].includes(g));
    }
    assert.equal((byId.get('USA') as any).name, 'United States');
    assert.equal((byId.get('USA') as any).slug, 'united-states');
  });

  it('lists at least 30 indicators, 4 or more per group, every frequency, sorted by kpi_id', async () => {
    const rows = (await s.get('/v1/indicators')).body.data;
    assert.ok(rows.length >= 30);
    const ids = rows.map((i: any) => i.kpi_id);
    assert.deepEqual(ids, [...ids].sort());
    for (const g of ['gdp', 'prices', 'labour', 'money', 'government', 'external']) {
      assert.ok(rows.filter((i: any) => i.group === g).length >= 4, `group ${g}`);
    }
    for (const f of ['daily', 'monthly', 'quarterly', 'annual'])
      assert.ok(
        rows.some((i: any) => i.frequency === f),
        f,
      );
    const aliases = rows.flatMap((i: any) => i.aliases);
    assert.equal(new Set(aliases).size, aliases.length, 'aliases are unique');
    for (const a of ['inflation', 'unemployment', 'gdp growth', 'policy rate']) assert.ok(aliases.includes(a), a);
    for (const i of rows) {
      assert.match(i.kpi_id, /^[A-Z0-9_]+$/);
      assert.ok(i.unit && i.unit_code && i.name && i.slug);
    }
  });
});

describe('economics: latest values', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  it('returns one row per series with raw values and provenance, sorted by country then kpi', async () => {
    const r = await s.get('/v1/latest?country=g7&indicator=inflation,unemployment');
    assert.equal(r.status, 200);
    const rows = r.body.data;
    assert.equal(rows.length, 14);
    const keys = rows.map((x: any) => `${x.country_id}.${x.kpi_id}`);
    assert.deepEqual(keys, [...keys].sort());
    assert.deepEqual([...new Set(rows.map((x: any) => x.country_id))], [...G7].sort());
    for (const row of rows) {
      assert.equal(row.series_id, `${row.country_id}.${row.kpi_id}`);
      assert.match(row.source_name, /sample/i);
      assert.match(row.attribution_text, /not official/i);
      assert.match(row.last_update, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      assert.ok(['CPI_YOY', 'UNEMPLOYMENT'].includes(row.kpi_id));
    }
  });

  it('matches previous, highest, lowest and first values against the full history', async () => {
    const latest = (await s.get('/v1/latest?country=JPN&indicator=POLICY_RATE')).body.data[0];
    const points = (await s.get('/v1/history?country=JPN&indicator=POLICY_RATE')).body.data;
    const last = points[points.length - 1];
    const prev = points[points.length - 2];
    assert.equal(latest.latest_value, last.value);
    assert.equal(latest.latest_value_date, last.date);
    assert.equal(latest.previous_value, prev.value);
    assert.equal(latest.previous_value_date, prev.date);
    assert.equal(latest.first_value_date, points[0].date);
    const hi = Math.max(...points.map((p: any) => p.value));
    const lo = Math.min(...points.map((p: any) => p.value));
    assert.equal(latest.highest_value, hi);
    assert.equal(latest.highest_value_date, points.find((p: any) => p.value === hi).date);
    assert.equal(latest.lowest_value, lo);
    assert.equal(latest.lowest_value_date, points.find((p: any) => p.value === lo).date);
    assert.ok(lo < 0, 'the Bank of Japan had a negative rate');
  });

  it('accepts ISO3, ISO2, slug and group tokens in any case, and group filters', async () => {
    const a = (await s.get('/v1/latest?country=DEU&indicator=CPI_YOY')).body.data;
    for (const token of ['deu', 'DE', 'germany', ' Germany ']) {
      assert.deepEqual(
        (await s.get(`/v1/latest?country=${encodeURIComponent(token)}&indicator=cpi-inflation`)).body.data,
        a,
      );
    }
    const emu = (await s.get('/v1/latest?country=emu&indicator=CPI_YOY')).body.data;
    assert.equal(emu.length, 21);
    const area = (await s.get('/v1/latest?country=euro-area&indicator=CPI_YOY')).body.data;
    assert.deepEqual(
      area.map((x: any) => x.country_id),
      ['EMU'],
    );
    const prices = (await s.get('/v1/latest?country=USA&group=prices')).body.data;
    assert.ok(prices.length >= 4);
    assert.ok(prices.every((x: any) => x.group === 'prices'));
    const all = (await s.get('/v1/latest')).body.data;
    assert.ok(all.length > 1500);
  });

  it('answers 404 naming an unknown country, indicator or group token', async () => {
    const c = await s.get('/v1/latest?country=USA,atlantis');
    expectError(c, 404, 'not_found');
    assert.match(c.body.message, /atlantis/);
    const i = await s.get('/v1/latest?indicator=happiness');
    expectError(i, 404, 'not_found');
    assert.match(i.body.message, /happiness/);
    const g = await s.get('/v1/latest?group=weather');
    expectError(g, 404, 'not_found');
    assert.match(g.body.message, /weather/);
  });
});

describe('economics: sample realism', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  const value = async (series: string, date: string) => {
    const [c, k] = series.split('.');
    const r = await s.get(`/v1/history?country=${c}&indicator=${k}&from=${date}&to=${date}`);
    return r.body.data[0]?.value as number;
  };

  it('has magnitudes of the real economies', async () => {
    const usGdp = await value('USA.GDP_USD', '2023-01-01');
    assert.ok(usGdp > 2.5e13 && usGdp < 3e13);
    assert.ok((await value('LUX.GDP_USD', '2023-01-01')) < 1e11);
    assert.ok((await value('USA.POLICY_RATE', '2020-06-01')) < 0.5, 'near zero in 2020');
    assert.ok((await value('USA.POLICY_RATE', '2023-09-01')) > 5);
    const surge = await value('USA.CPI_YOY', '2022-06-01');
    const calm = await value('USA.CPI_YOY', '2019-06-01');
    assert.ok(surge > 5 && calm < 3.5, `surge ${surge}, calm ${calm}`);
    const unemployment = (await s.get('/v1/latest?indicator=UNEMPLOYMENT')).body.data;
    for (const row of unemployment) assert.ok(row.lowest_value >= 2 && row.highest_value <= 25, row.series_id);
  });

  it('covers 2000 to the last complete period, with status on recent points', async () => {
    const rows = (await s.get('/v1/latest?country=FRA')).body.data;
    const byKpi = new Map(rows.map((r: any) => [r.kpi_id, r]));
    assert.equal((byKpi.get('CPI') as any).latest_value_date, '2026-05-01');
    assert.equal((byKpi.get('GDP_REAL_YOY') as any).latest_value_date, '2026-01-01');
    assert.equal((byKpi.get('GDP_USD') as any).latest_value_date, '2025-01-01');
    assert.equal((byKpi.get('BOND_YIELD_10Y') as any).latest_value_date, '2026-06-12');
    for (const r of rows) assert.equal(r.first_value_date.slice(0, 4), '2000');
    const pts = (await s.get('/v1/history?country=FRA&indicator=CPI_YOY&from=2026')).body.data;
    assert.equal(pts[pts.length - 1].obs_status, 'provisional');
    assert.equal(pts[0].obs_status, 'final');
  });
});
