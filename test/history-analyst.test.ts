import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { historyPoints, type HistoryPoint } from './helpers/history.js';
import { expectError, startTestServer, type TestServer } from './helpers/server.js';

/**
 * FRED's units and frequency aggregation on `/v1/history` (§3), each checked against
 * values this test computes itself from the raw observations the API serves.
 */

type Point = HistoryPoint;

const N: Record<string, number> = { annual: 1, quarterly: 4, monthly: 12, daily: 260 };

function close(actual: Point[], expected: Array<[string, number]>, what: string): void {
  assert.deepEqual(
    actual.map((p) => p.date),
    expected.map(([d]) => d),
    `${what}: dates`,
  );
  actual.forEach((p, i) => {
    const e = expected[i]![1];
    assert.ok(Math.abs(p.value - e) <= 1e-9 * Math.max(1, Math.abs(e)), `${what} ${p.date}: ${p.value} != ${e}`);
  });
}

/** The quarter or year a date (YYYY-MM-DD) falls in, as its first day. */
function periodOf(date: string, to: string): string {
  if (to === 'annual') return `${date.slice(0, 4)}-01-01`;
  if (to === 'monthly') return `${date.slice(0, 7)}-01`;
  const q = Math.floor((Number(date.slice(5, 7)) - 1) / 3) * 3 + 1;
  return `${date.slice(0, 4)}-${String(q).padStart(2, '0')}-01`;
}

/** Groups raw points by period, keeping only complete periods (`need` points; daily: any). */
function aggregate(raw: Point[], to: string, { need, how }: { need: number; how: 'avg' | 'sum' | 'eop' }) {
  const groups = new Map<string, number[]>();
  for (const p of raw) groups.set(periodOf(p.date, to), [...(groups.get(periodOf(p.date, to)) ?? []), p.value]);
  return [...groups]
    .filter(([, values]) => values.length >= need)
    .map(([period, v]): [string, number] => {
      const sum = v.reduce((a, b) => a + b, 0);
      return [period, how === 'sum' ? sum : how === 'avg' ? sum / v.length : v[v.length - 1]!];
    });
}

describe("history: FRED's units and frequency aggregation (§3)", () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  const points = (query: string) => historyPoints(s, query);

  it('every unit of a monthly, quarterly, annual and daily series equals its formula on the raw values', async () => {
    for (const [series, country, kpi] of [
      ['USA.CPI', 'USA', 'CPI'],
      ['DEU.HOUSE_PRICES', 'DEU', 'HOUSE_PRICES'],
      ['JPN.GDP_USD', 'JPN', 'GDP_USD'],
      ['GBR.FX_USD', 'GBR', 'FX_USD'],
    ] as const) {
      const raw = await points(`country=${country}&indicator=${kpi}`);
      assert.ok(raw.length > 20, `${series} has history`);
      const freq = raw[0]!.frequency;
      const n = N[freq]!;
      const x = raw.map((p) => p.value);
      // A year back: the same date a year earlier (daily: the last observation on or before it).
      const yearAgo = (i: number): number | undefined => {
        const target = `${Number(raw[i]!.date.slice(0, 4)) - 1}${raw[i]!.date.slice(4)}`;
        let found: number | undefined;
        for (let j = 0; j < i; j++) if (raw[j]!.date <= target) found = j;
        if (found === undefined) return undefined;
        return freq === 'daily' || raw[found]!.date === target ? x[found] : undefined;
      };
      const expect = (f: (i: number) => number | undefined): Array<[string, number]> =>
        raw.flatMap((p, i): Array<[string, number]> => {
          const v = f(i);
          return v === undefined || !Number.isFinite(v) ? [] : [[p.date, v]];
        });
      const prev = (i: number) => (i > 0 ? x[i - 1] : undefined);
      const formulas: Record<string, (i: number) => number | undefined> = {
        chg: (i) => (prev(i) === undefined ? undefined : x[i]! - prev(i)!),
        ch1: (i) => (yearAgo(i) === undefined ? undefined : x[i]! - yearAgo(i)!),
        pch: (i) => (prev(i) ? 100 * (x[i]! / prev(i)! - 1) : undefined),
        pc1: (i) => (yearAgo(i) ? 100 * (x[i]! / yearAgo(i)! - 1) : undefined),
        pca: (i) => (prev(i) ? 100 * ((x[i]! / prev(i)!) ** n - 1) : undefined),
        cch: (i) => (prev(i)! > 0 && x[i]! > 0 ? 100 * (Math.log(x[i]!) - Math.log(prev(i)!)) : undefined),
        cca: (i) => (prev(i)! > 0 && x[i]! > 0 ? n * 100 * (Math.log(x[i]!) - Math.log(prev(i)!)) : undefined),
        log: (i) => (x[i]! > 0 ? Math.log(x[i]!) : undefined),
      };
      for (const [unit, f] of Object.entries(formulas)) {
        const got = await points(`country=${country}&indicator=${kpi}&transform=${unit}`);
        close(got, expect(f), `${series} ${unit}`);
      }
    }
  });

  it('monthly to quarterly and annual, quarterly to annual, daily to monthly: avg, sum, eop', async () => {
    const cases = [
      ['USA', 'UNEMPLOYMENT', 'quarterly', 3],
      ['USA', 'UNEMPLOYMENT', 'annual', 12],
      ['DEU', 'HOUSE_PRICES', 'annual', 4],
      ['GBR', 'FX_USD', 'monthly', 1],
      ['GBR', 'FX_USD', 'annual', 1],
    ] as const;
    for (const [country, kpi, to, need] of cases) {
      const raw = await points(`country=${country}&indicator=${kpi}`);
      for (const how of ['avg', 'sum', 'eop'] as const) {
        const got = await points(`country=${country}&indicator=${kpi}&frequency=${to}&aggregation=${how}`);
        assert.ok(got.length > 0, `${country}.${kpi} ${to} ${how} has periods`);
        assert.ok(
          got.every((p) => p.frequency === to),
          'each point carries the answered frequency',
        );
        close(got, aggregate(raw, to, { need, how }), `${country}.${kpi} ${to} ${how}`);
      }
      // avg is the default.
      close(
        await points(`country=${country}&indicator=${kpi}&frequency=${to}`),
        aggregate(raw, to, { need, how: 'avg' }),
        'default',
      );
    }
  });

  it('the transform applies after the aggregation, with the answered frequency; from/to cut the result', async () => {
    const raw = await points('country=USA&indicator=CPI');
    const quarters = aggregate(raw, 'quarterly', { need: 3, how: 'avg' });
    // pc1 on quarters: against the same quarter a year earlier.
    const byDate = new Map(quarters);
    const expected = quarters.flatMap(([d, v]): Array<[string, number]> => {
      const base = byDate.get(`${Number(d.slice(0, 4)) - 1}${d.slice(4)}`);
      return base && d >= '2021-01-01' && d <= '2022-12-31' ? [[d, 100 * (v / base - 1)]] : [];
    });
    const got = await points('country=USA&indicator=CPI&frequency=quarterly&transform=pc1&from=2021&to=2022');
    assert.equal(got.length, 8);
    close(got, expected, 'USA.CPI quarterly pc1');
  });

  it('a frequency not lower than a series’ own is a 422 naming the series and its frequency', async () => {
    const r = await s.get('/v1/history?country=USA&indicator=CPI,GDP_USD&frequency=quarterly');
    expectError(r, 422, 'validation_error');
    assert.deepEqual(r.body.detail, [
      {
        loc: ['query', 'frequency'],
        msg: 'must be lower than the frequency of every matching series: USA.GDP_USD is annual',
        type: 'value_error',
      },
    ]);
    const same = await s.get('/v1/history?country=USA&indicator=CPI&frequency=monthly');
    expectError(same, 422, 'validation_error');
    assert.match(same.body.message, /USA\.CPI is monthly/);
  });

  it('aggregation without frequency, and values outside the lists, are 422s', async () => {
    const r = await s.get('/v1/history?country=USA&indicator=CPI&aggregation=sum');
    expectError(r, 422, 'validation_error');
    assert.deepEqual(
      r.body.detail.map((d: any) => d.loc),
      [['query', 'aggregation']],
    );
    for (const bad of ['frequency=weekly', 'frequency=daily', 'aggregation=median&frequency=annual', 'transform=pct'])
      expectError(await s.get(`/v1/history?country=USA&indicator=CPI&${bad}`), 422, 'validation_error');
  });

  it('a cursor is bound to frequency and aggregation', async () => {
    const first = await s.get('/v1/history?country=g20&indicator=FX_USD&frequency=monthly&aggregation=eop');
    assert.equal(first.status, 200);
    const cursor = first.body.next_cursor as string;
    assert.ok(cursor, 'more than one page');
    const same = await s.get(
      `/v1/history?country=g20&indicator=FX_USD&frequency=monthly&aggregation=eop&cursor=${encodeURIComponent(cursor)}`,
    );
    assert.equal(same.status, 200);
    for (const other of ['frequency=monthly&aggregation=avg', 'frequency=quarterly&aggregation=eop', ''])
      expectError(
        await s.get(`/v1/history?country=g20&indicator=FX_USD&${other}&cursor=${encodeURIComponent(cursor)}`),
        422,
        'validation_error',
      );
  });
});
