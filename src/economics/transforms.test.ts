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
