import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { aggregateSeries, isLowerFrequency, periodStart } from './aggregation.js';
import type { RawPoint } from './transforms.js';

const series = (...points: Array<[string, number, RawPoint['obs_status']?]>): RawPoint[] =>
  points.map(([date, value, status]) => ({ date, value, obs_status: status ?? null }));
const pairs = (points: RawPoint[]) => points.map((p) => [p.date, Math.round(p.value * 1e9) / 1e9]);

describe('frequency aggregation (§3)', () => {
  it('dates a period by its first day', () => {
    assert.equal(periodStart('2024-08-15', 'quarterly'), '2024-07-01');
    assert.equal(periodStart('2024-12-01', 'quarterly'), '2024-10-01');
    assert.equal(periodStart('2024-03-31', 'quarterly'), '2024-01-01');
    assert.equal(periodStart('2024-08-15', 'monthly'), '2024-08-01');
    assert.equal(periodStart('2024-08-15', 'annual'), '2024-01-01');
  });

  it('only to a lower frequency', () => {
    assert.ok(isLowerFrequency('quarterly', 'monthly'));
    assert.ok(isLowerFrequency('annual', 'quarterly'));
    assert.ok(isLowerFrequency('monthly', 'daily'));
    assert.ok(!isLowerFrequency('monthly', 'monthly'));
    assert.ok(!isLowerFrequency('monthly', 'quarterly'));
  });

  // Jan–Jun 2023 complete; Q3 misses August; Q4 complete.
  const months = series(
    ['2023-01-01', 1],
    ['2023-02-01', 2],
    ['2023-03-01', 6],
    ['2023-04-01', 10],
    ['2023-05-01', 20],
    ['2023-06-01', 30],
    ['2023-07-01', 5],
    ['2023-09-01', 5],
    ['2023-10-01', 4],
    ['2023-11-01', 4],
    ['2023-12-01', 7],
  );

  it('monthly to quarterly: avg, sum and eop; a quarter missing a month is left out', () => {
    const to = { from: 'monthly', to: 'quarterly' } as const;
    assert.deepEqual(pairs(aggregateSeries(months, to, 'avg')), [
      ['2023-01-01', 3],
      ['2023-04-01', 20],
      ['2023-10-01', 5],
    ]);
    assert.deepEqual(pairs(aggregateSeries(months, to, 'sum')), [
      ['2023-01-01', 9],
      ['2023-04-01', 60],
      ['2023-10-01', 15],
    ]);
    assert.deepEqual(pairs(aggregateSeries(months, to, 'eop')), [
      ['2023-01-01', 6],
      ['2023-04-01', 30],
      ['2023-10-01', 7],
    ]);
  });

  it('monthly to annual needs all twelve months', () => {
    assert.deepEqual(aggregateSeries(months, { from: 'monthly', to: 'annual' }, 'avg'), []);
    const full = series(
      ...Array.from({ length: 12 }, (_, i) => [`2022-${String(i + 1).padStart(2, '0')}-01`, i + 1] as [string, number]),
    );
    assert.deepEqual(pairs(aggregateSeries(full, { from: 'monthly', to: 'annual' }, 'avg')), [['2022-01-01', 6.5]]);
    assert.deepEqual(pairs(aggregateSeries(full, { from: 'monthly', to: 'annual' }, 'sum')), [['2022-01-01', 78]]);
  });

  it('quarterly to annual needs four quarters', () => {
    const q = series(
      ['2021-01-01', 100],
      ['2021-04-01', 110],
      ['2021-07-01', 120],
      ['2021-10-01', 130],
      ['2022-01-01', 140],
      ['2022-04-01', 150],
    );
    assert.deepEqual(pairs(aggregateSeries(q, { from: 'quarterly', to: 'annual' }, 'avg')), [['2021-01-01', 115]]);
    assert.deepEqual(pairs(aggregateSeries(q, { from: 'quarterly', to: 'annual' }, 'eop')), [['2021-01-01', 130]]);
  });

  it('daily to monthly: any observation in the month counts', () => {
    const d = series(['2024-01-02', 10], ['2024-01-31', 20], ['2024-03-15', 7]);
    assert.deepEqual(pairs(aggregateSeries(d, { from: 'daily', to: 'monthly' }, 'avg')), [
      ['2024-01-01', 15],
      ['2024-03-01', 7],
    ]);
    assert.deepEqual(pairs(aggregateSeries(d, { from: 'daily', to: 'quarterly' }, 'eop')), [['2024-01-01', 7]]);
  });

  it('a period carries its least final status', () => {
    const s = series(['2023-01-01', 1], ['2023-02-01', 1, 'provisional'], ['2023-03-01', 1, 'final']);
    assert.equal(aggregateSeries(s, { from: 'monthly', to: 'quarterly' }, 'avg')[0]!.obs_status, 'provisional');
    const e = series(['2023-01-01', 1, 'estimated'], ['2023-02-01', 1, 'provisional'], ['2023-03-01', 1]);
    assert.equal(aggregateSeries(e, { from: 'monthly', to: 'quarterly' }, 'avg')[0]!.obs_status, 'estimated');
  });
});
