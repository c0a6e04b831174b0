import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestServer, type TestServer } from './helpers/server.js';

const close = (a: number, b: number, what: string) =>
  assert.ok(Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(b)), `${what}: ${a} != ${b}`);
const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

describe('trade: monthly', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  const data = async (path: string) => {
    const r = await s.get(path);
    assert.equal(r.status, 200, `${path}: ${JSON.stringify(r.body)}`);
    assert.ok(Number.isInteger(r.body.duration_ms));
    return r.body.data as any[];
  };
  const key = (r: any) => `${r.exporter}>${r.importer}:${r.hs6}@${r.period}`;

  it('returns one row per exporter, importer, product and month with every field, sorted', async () => {
    const rows = await data('/v1/trade/monthly?exporter=DE&from=2024-01&to=2024-03&limit=10000');
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
        'reported_by',
        'value_usd',
      ]);
      assert.equal(r.granularity, 'monthly');
      assert.ok(['2024-01-01', '2024-02-01', '2024-03-01'].includes(r.period));
    }
    const order = rows.map((r) => [r.period, -r.value_usd]);
    assert.deepEqual(
      order,
      [...order].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1])),
    );
    assert.equal(new Set(rows.map(key)).size, rows.length);
    const year = await data('/v1/trade/monthly?exporter=DE&from=2024&to=2024&limit=10000');
    assert.ok(year.every((r) => r.period.startsWith('2024')));
    assert.ok(year.some((r) => r.period === '2024-12-01'));
  });

  it(
    'method selects declarations: reconciled is the importer side where it exists,' + ' else the exporter side',
    async () => {
      const q = 'exporter=FR&importer=DE,US,NG&from=2023-01&to=2023-12&limit=10000';
      const exp = await data(`/v1/trade/monthly?${q}&method=exporter`);
      const imp = await data(`/v1/trade/monthly?${q}&method=importer`);
      const rec = await data(`/v1/trade/monthly?${q}`);
      assert.ok(exp.every((r) => r.reported_by === 'exporter'));
      assert.ok(imp.every((r) => r.reported_by === 'importer'));
      const e = new Map(exp.map((r) => [key(r), r]));
      const i = new Map(imp.map((r) => [key(r), r]));
      const keys = new Set([...e.keys(), ...i.keys()]);
      assert.equal(rec.length, keys.size);
      let bothSides = 0;
      let exporterOnly = 0;
      let importerOnly = 0;
      for (const r of rec) {
        const k = key(r);
        if (i.has(k)) {
          assert.equal(r.reported_by, 'importer');
          assert.equal(r.value_usd, i.get(k).value_usd);
          assert.equal(r.quantity, i.get(k).quantity);
          if (e.has(k)) {
            bothSides++;
            const ratio = i.get(k).value_usd / e.get(k).value_usd;
            assert.ok(ratio > 1 && ratio < 1.15, `CIF is a few percent above FOB: ${ratio}`);
          } else importerOnly++;
        } else {
          assert.equal(r.reported_by, 'exporter');
          assert.equal(r.value_usd, e.get(k).value_usd);
          exporterOnly++;
        }
      }
      assert.ok(bothSides > 0 && exporterOnly > 0 && importerOnly > 0, `${bothSides} ${exporterOnly} ${importerOnly}`);
      // Nigeria does not report: its imports from France are known from France's declarations only.
      assert.ok(imp.every((r) => r.importer !== 'NG'));
      assert.ok(exp.some((r) => r.importer === 'NG'));
    },
  );

  it('annual observations are the reconciled monthly sums', async () => {
    const monthly = await data('/v1/trade/monthly?exporter=IT&importer=ES&from=2022&to=2022&limit=10000');
    const annual = await (
      await s.get('/v1/trade?reporter=IT&partner=ES&flow=export&from=2022&to=2022&limit=10000')
    ).body.data;
    assert.equal(annual.length, new Set(monthly.map((r) => r.hs6)).size);
    for (const a of annual)
      close(a.value_usd, sum(monthly.filter((m) => m.hs6 === a.hs6).map((m) => m.value_usd)), a.hs6);
  });

  for (const method of ['reconciled', 'exporter', 'importer']) {
    it(`group_by totals equal ungrouped totals (${method})`, async () => {
      const q = `exporter=US&from=2025-01&to=2025-06&method=${method}`;
      const rows = await data(`/v1/trade/monthly?${q}&limit=10000`);
      assert.ok(rows.length > 0 && rows.length < 10000);
      const total = sum(rows.map((r) => r.value_usd));
      const qty = sum(rows.filter((r) => r.quantity !== null).map((r) => r.quantity));
      for (const g of ['period', 'exporter', 'importer', 'hs6']) {
        const groups = await data(`/v1/trade/monthly?${q}&group_by=${g}&limit=10000`);
        close(sum(groups.map((x) => x.value_usd)), total, `${g} value`);
        close(sum(groups.map((x) => x.quantity ?? 0)), qty, `${g} quantity`);
        assert.equal(sum(groups.map((x) => x.flow_count)), rows.length, `${g} flow_count`);
        for (const x of groups) {
          assert.deepEqual(Object.keys(x).sort(), [
            'exporter',
            'flow_count',
            'hs6',
            'importer',
            'partner',
            'period',
            'quantity',
            'value_usd',
          ]);
          const set = ['period', 'exporter', 'importer', 'hs6'].filter((k) => x[k] !== null);
          assert.deepEqual(set, [g]);
        }
        if (g === 'period')
          assert.deepEqual(
            groups.map((x) => x.period),
            [...groups.map((x) => x.period)].sort(),
          );
        else
          assert.deepEqual(
            groups.map((x) => x.value_usd),
            [...groups.map((x) => x.value_usd)].sort((a, b) => b - a),
          );
      }
    });
  }

  it('groups without any filter agree with each other', async () => {
    const byPeriod = await data('/v1/trade/monthly?group_by=period&from=2025-01&to=2025-03');
    const byHs = await data('/v1/trade/monthly?group_by=hs6&from=2025-01&to=2025-03&limit=10000');
    close(sum(byPeriod.map((x) => x.value_usd)), sum(byHs.map((x) => x.value_usd)), 'totals');
    const top = await data('/v1/trade/monthly?from=2025-01&limit=5');
    assert.equal(top.length, 5);
    assert.ok(top.every((r) => r.period === '2025-01-01'));
  });
});
