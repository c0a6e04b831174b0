import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TRANSFORMS, applyTransform, type RawPoint } from './transforms.js';

/** Points from `[date, value]` pairs, final unless a status is given. */
const series = (...points: Array<[string, number, RawPoint['obs_status']?]>): RawPoint[] =>
  points.map(([date, value, status]) => ({ date, value, obs_status: status ?? null }));

/** The transformed points as [date, value], values rounded to 9 decimals (floating-point noise). */
const pairs = (points: RawPoint[]) => points.map((p) => [p.date, Math.round(p.value * 1e9) / 1e9]);

/** Monthly points from `start` (YYYY-MM), one a month, skipping the months listed in `gaps`. */
function monthly(start: string, values: number[], gaps: string[] = []): RawPoint[] {
  const out: RawPoint[] = [];
  let [y, m] = start.split('-').map(Number) as [number, number];
  for (const value of values) {
    let month = `${y}-${String(m).padStart(2, '0')}`;
    while (gaps.includes(month)) {
      [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
      month = `${y}-${String(m).padStart(2, '0')}`;
    }
    out.push({ date: `${month}-01`, value, obs_status: null });
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return out;
}

describe('applyTransform on short series', () => {
  it('returns nothing for an empty series, and none returns the series as it is', () => {
    for (const t of TRANSFORMS) assert.deepEqual(applyTransform([], t, 'monthly'), []);
    const one = series(['2020-01-01', 5]);
    assert.equal(applyTransform(one, 'none', 'monthly'), one);
  });

  it('needs a previous point for mom and log_diff, two for 3mma, a year for yoy', () => {
    const one = series(['2020-01-01', 5]);
    const two = series(['2020-01-01', 5], ['2020-02-01', 6]);
    for (const t of ['mom', 'log_diff', '3mma', 'yoy'] as const)
      assert.deepEqual(applyTransform(one, t, 'monthly'), []);
    assert.deepEqual(applyTransform(two, '3mma', 'monthly'), []);
    assert.deepEqual(applyTransform(two, 'yoy', 'monthly'), []);
    assert.deepEqual(pairs(applyTransform(two, 'mom', 'monthly')), [['2020-02-01', 20]]);
  });
});

describe('mom, log_diff and 3mma', () => {
  it('computes mom as the percentage change on the previous point, leaving out a zero base', () => {
    const s = series(
      ['2020-01-01', 100],
      ['2020-02-01', 110],
      ['2020-03-01', 99],
      ['2020-04-01', 0],
      ['2020-05-01', 7],
    );
    assert.deepEqual(pairs(applyTransform(s, 'mom', 'monthly')), [
      ['2020-02-01', 10],
      ['2020-03-01', -10],
      ['2020-04-01', -100],
    ]);
  });

  it('computes log_diff as ln(x) - ln(previous), leaving out non-positive values on either side', () => {
    const s = series(['2020-01-01', 2], ['2020-02-01', 4], ['2020-03-01', -1], ['2020-04-01', 8], ['2020-05-01', 8]);
    assert.deepEqual(pairs(applyTransform(s, 'log_diff', 'monthly')), [
      ['2020-02-01', 0.693147181],
      ['2020-05-01', 0],
    ]);
  });

  it('averages each point with the two before it for 3mma', () => {
    const s = series(['2020-01-01', 3], ['2020-02-01', 6], ['2020-03-01', 9], ['2020-04-01', 0]);
    assert.deepEqual(pairs(applyTransform(s, '3mma', 'monthly')), [
      ['2020-03-01', 6],
      ['2020-04-01', 5],
    ]);
  });

  it("keeps each point's status", () => {
    const s = series(['2020-01-01', 1], ['2020-02-01', 2, 'provisional'], ['2020-03-01', 4, 'estimated']);
    assert.deepEqual(
      applyTransform(s, 'mom', 'monthly').map((p) => p.obs_status),
      ['provisional', 'estimated'],
    );
  });
});

describe('yoy', () => {
  it('compares a monthly point with the one dated exactly twelve months earlier', () => {
    const s = monthly('2020-01', [100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 90]);
    assert.deepEqual(pairs(applyTransform(s, 'yoy', 'monthly')), [
      ['2021-01-01', 12],
      ['2021-02-01', -10.891089109],
    ]);
  });

  it('never pairs two wrong months across a gap in a monthly series', () => {
    // 2020-03 is missing: twelve points before 2021-02 is 2020-01, not 2020-02, and
    // 2021-03 has no base at all; 2021-04 is twelve points after 2020-04 again.
    const values = [100, 101, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115];
    const gappy = monthly('2020-01', values, ['2020-03']);
    assert.equal(gappy[12]!.date, '2021-02-01');
    assert.deepEqual(pairs(applyTransform(gappy, 'yoy', 'monthly')), [['2021-04-01', 11.650485437]]);
  });

  it('uses four points back for quarterly and one for annual series, leaving out a zero base', () => {
    const q = series(
      ['2020-01-01', 50],
      ['2020-04-01', 51],
      ['2020-07-01', 52],
      ['2020-10-01', 53],
      ['2021-01-01', 60],
    );
    assert.deepEqual(pairs(applyTransform(q, 'yoy', 'quarterly')), [['2021-01-01', 20]]);
    const a = series(['2019-01-01', 0], ['2020-01-01', 5], ['2021-01-01', 10], ['2023-01-01', 20]);
    assert.deepEqual(pairs(applyTransform(a, 'yoy', 'annual')), [['2021-01-01', 100]]);
  });

  it('bases a daily point on the last observation on or before the same date a year earlier', () => {
    const d = series(
      ['2020-03-02', 100],
      ['2020-03-05', 200],
      ['2021-03-01', 1],
      ['2021-03-03', 110],
      ['2021-03-05', 220],
    );
    // 2021-03-01 has nothing on or before 2020-03-01.
    assert.deepEqual(pairs(applyTransform(d, 'yoy', 'daily')), [
      ['2021-03-03', 10],
      ['2021-03-05', 10],
    ]);
    const leap = series(['2023-02-28', 50], ['2023-03-01', 60], ['2024-02-29', 55]);
    assert.deepEqual(pairs(applyTransform(leap, 'yoy', 'daily')), [['2024-02-29', 10]]);
  });
});

describe("FRED's units (§3), against values worked out by hand", () => {
  const close = (actual: RawPoint[], expected: Array<[string, number]>) => {
    assert.deepEqual(
      actual.map((p) => p.date),
      expected.map(([d]) => d),
    );
    actual.forEach((p, i) => assert.ok(Math.abs(p.value - expected[i]![1]) < 1e-9, `${p.date}: ${p.value}`));
  };

  it('monthly, with a gap: changes pair consecutive observations, year-on-year ones the same month a year back', () => {
    // 2020-01..2020-03, then 2021-01 (after a gap) and 2021-03 (February missing).
    const s = series(
      ['2020-01-01', 100],
      ['2020-02-01', 101],
      ['2020-03-01', 99],
      ['2021-01-01', 110],
      ['2021-03-01', 121],
    );
    close(applyTransform(s, 'chg', 'monthly'), [
      ['2020-02-01', 1],
      ['2020-03-01', -2],
      ['2021-01-01', 11],
      ['2021-03-01', 11],
    ]);
    // k = 12 observations back must be dated a year earlier: none is, in so short a series.
    assert.deepEqual(applyTransform(s, 'ch1', 'monthly'), []);
    assert.deepEqual(applyTransform(s, 'pc1', 'monthly'), []);
    close(applyTransform(s, 'pch', 'monthly'), [
      ['2020-02-01', 1],
      ['2020-03-01', -1.9801980198019802],
      ['2021-01-01', 11.111111111111111],
      ['2021-03-01', 10],
    ]);
    // pca = 100 × ((x_t / x_{t−1})^12 − 1); cch = 100 × ln(x_t / x_{t−1}); cca = 12 × cch.
    close(applyTransform(s, 'pca', 'monthly').slice(0, 2), [
      ['2020-02-01', 12.682503013196978],
      ['2020-03-01', -21.337843230876864],
    ]);
    close(applyTransform(s, 'cch', 'monthly').slice(0, 2), [
      ['2020-02-01', 0.9950330853167877],
      ['2020-03-01', -2.000066670666989],
    ]);
    close(applyTransform(s, 'cca', 'monthly').slice(0, 1), [['2020-02-01', 11.940397023801452]]);
    close(applyTransform(s, 'log', 'monthly').slice(0, 1), [['2020-01-01', 4.605170185988092]]);
  });

  it('monthly over two years: ch1 and pc1 against the same month a year back', () => {
    const s = monthly(
      '2020-01',
      Array.from({ length: 14 }, (_, i) => 100 + i),
      [],
    );
    // 2021-01 (112) against 2020-01 (100), 2021-02 (113) against 2020-02 (101).
    close(applyTransform(s, 'ch1', 'monthly'), [
      ['2021-01-01', 12],
      ['2021-02-01', 12],
    ]);
    close(applyTransform(s, 'pc1', 'monthly'), [
      ['2021-01-01', 12],
      ['2021-02-01', 11.881188118811881],
    ]);
  });

  it('quarterly: n = 4 and k = 4', () => {
    const s = series(
      ['2020-01-01', 100],
      ['2020-04-01', 102],
      ['2020-07-01', 102],
      ['2020-10-01', 104],
      ['2021-01-01', 110],
    );
    close(applyTransform(s, 'pca', 'quarterly').slice(0, 2), [
      ['2020-04-01', 8.243215999999997],
      ['2020-07-01', 0],
    ]);
    close(applyTransform(s, 'ch1', 'quarterly'), [['2021-01-01', 10]]);
    close(applyTransform(s, 'pc1', 'quarterly'), [['2021-01-01', 10]]);
  });

  it('annual, with a gap: the year after the gap has no year-on-year base, and n = 1', () => {
    const s = series(['2017-01-01', 50], ['2018-01-01', 55], ['2020-01-01', 60]);
    close(applyTransform(s, 'ch1', 'annual'), [['2018-01-01', 5]]);
    close(applyTransform(s, 'pca', 'annual'), [
      ['2018-01-01', 10],
      ['2020-01-01', 9.090909090909092],
    ]);
    close(applyTransform(s, 'cca', 'annual').slice(0, 1), [['2018-01-01', 100 * Math.log(55 / 50)]]);
  });

  it('daily: n = 260; a year back is the last observation on or before the same date', () => {
    const s = series(['2020-03-02', 100], ['2020-03-05', 100.1], ['2021-03-04', 90], ['2021-03-05', 91]);
    close(applyTransform(s, 'pca', 'daily').slice(0, 1), [['2020-03-05', 29.676160901483172]]);
    close(applyTransform(s, 'cca', 'daily').slice(0, 1), [['2020-03-05', 25.98700866015058]]);
    // 2021-03-04 → on or before 2020-03-04: 2020-03-02 (100); 2021-03-05 → 2020-03-05 (100.1).
    close(applyTransform(s, 'ch1', 'daily'), [
      ['2021-03-04', -10],
      ['2021-03-05', 91 - 100.1],
    ]);
  });

  it('undefined points are left out: a zero base, a non-positive log', () => {
    const s = series(['2020-01-01', 0], ['2020-02-01', 5], ['2020-03-01', -5]);
    close(applyTransform(s, 'pch', 'monthly'), [['2020-03-01', -200]]);
    close(applyTransform(s, 'pca', 'monthly'), [['2020-03-01', 0]]);
    assert.deepEqual(applyTransform(s, 'cch', 'monthly'), []);
    close(applyTransform(s, 'log', 'monthly'), [['2020-02-01', Math.log(5)]]);
    close(applyTransform(s, 'chg', 'monthly'), [
      ['2020-02-01', 5],
      ['2020-03-01', -10],
    ]);
  });
});
