import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectError, startTestServer, type TestServer } from './helpers/server.js';

describe('economics: search', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  const search = async (q: string, limit?: number) => {
    const r = await s.get(`/v1/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return r.body.data as any[];
  };

  it('finds the series named by a country and an indicator, in either order', async () => {
    assert.equal((await search('germany inflation'))[0].series_id, 'DEU.CPI_YOY');
    assert.equal((await search('inflation germany'))[0].series_id, 'DEU.CPI_YOY');
    assert.equal((await search('US unemployment rate'))[0].series_id, 'USA.UNEMPLOYMENT');
    const top = (await search('japan policy rate'))[0];
    assert.equal(top.type, 'series');
    assert.equal(top.kpi_id, 'POLICY_RATE');
    assert.equal(top.country_id, 'JPN');
    assert.equal(typeof top.latest_value, 'number');
    assert.match(top.latest_value_date, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(top.unit && top.frequency && top.slug);
  });

  it('ranks exact matches, then prefixes, then substrings, with null for fields that do not apply', async () => {
    const r = await search('fra');
    assert.equal(r[0].country_id, 'FRA');
    assert.equal(r[0].type, 'country');
    for (const k of ['series_id', 'kpi_id', 'latest_value', 'latest_value_date', 'unit', 'frequency'])
      assert.equal(r[0][k], null);
    const infl = await search('inflation');
    assert.equal(infl[0].type, 'indicator');
    assert.equal(infl[0].kpi_id, 'CPI_YOY');
    assert.equal(infl[0].country_id, null);
    const united = await search('united');
    assert.deepEqual(
      united
        .slice(0, 2)
        .map((x) => x.country_id)
        .sort(),
      ['GBR', 'USA'],
    );
  });

  it('is case- and accent-insensitive', async () => {
    assert.equal((await search('TÜRKIYE'))[0].country_id, 'TUR');
    assert.equal((await search('turkiye'))[0].country_id, 'TUR');
    assert.equal((await search('Côte'))?.length, 0);
  });

  it('honours limit and validates q and limit', async () => {
    assert.equal((await search('a', 3)).length, 3);
    assert.ok((await search('a')).length <= 20);
    expectError(await s.get('/v1/search'), 422, 'validation_error');
    expectError(await s.get('/v1/search?q=%20%20'), 422, 'validation_error');
    expectError(await s.get(`/v1/search?q=${'x'.repeat(201)}`), 422, 'validation_error');
    for (const limit of ['0', '101', 'ten', '1.5']) {
      const r = await s.get(`/v1/search?q=gdp&limit=${limit}`);
      expectError(r, 422, 'validation_error');
      assert.deepEqual(r.body.detail[0].loc, ['query', 'limit']);
    }
    assert.equal((await search('gdp', 100)).length > 0, true);
  });
});

describe('economics: updates', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  it('lists series updated strictly after since, sorted by last_update then series_id', async () => {
    const all = (await s.get('/v1/latest')).body.data as any[];
    const since = '2026-06-01T00:00:00Z';
    const r = await s.get(`/v1/updates?since=${since}`);
    assert.equal(r.status, 200);
    const expected = all
      .filter((x) => Date.parse(x.last_update) > Date.parse(since))
      .map((x) => x.series_id)
      .sort();
    assert.deepEqual(r.body.data.map((x: any) => x.series_id).sort(), expected);
    assert.ok(expected.length > 0 && expected.length < all.length);
    const order = r.body.data.map((x: any) => `${x.last_update} ${x.series_id}`);
    assert.deepEqual(order, [...order].sort());
    for (const x of r.body.data)
      assert.deepEqual(Object.keys(x).sort(), ['country_id', 'kpi_id', 'last_update', 'series_id', 'slug']);
    // strictly after: the newest update itself is excluded when used as since
    const newest = r.body.data[r.body.data.length - 1].last_update;
    const after = (await s.get(`/v1/updates?since=${newest}`)).body.data;
    assert.ok(after.every((x: any) => x.last_update > newest));
  });

  it('accepts a plain date, offsets and a country filter', async () => {
    const plain = (await s.get('/v1/updates?since=2026-06-01')).body.data;
    const z = (await s.get('/v1/updates?since=2026-06-01T00:00:00Z')).body.data;
    assert.deepEqual(plain, z);
    const offset = (await s.get(`/v1/updates?since=${encodeURIComponent('2026-06-01T02:00:00+02:00')}`)).body.data;
    assert.deepEqual(offset, z);
    const fr = (await s.get('/v1/updates?since=2026-05-01&country=fr')).body.data;
    assert.ok(fr.length > 0 && fr.every((x: any) => x.country_id === 'FRA'));
  });

  it('validates since', async () => {
    expectError(await s.get('/v1/updates'), 422, 'validation_error');
    for (const bad of ['yesterday', '2026-13-01', '2026-06-01T25:00:00Z', '1717200000']) {
      const r = await s.get(`/v1/updates?since=${bad}`);
      expectError(r, 422, 'validation_error');
      assert.deepEqual(r.body.detail[0].loc, ['query', 'since']);
    }
    expectError(await s.get('/v1/updates?since=2026-01-01&country=mordor'), 404, 'not_found');
  });
});
