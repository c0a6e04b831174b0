import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Slice } from './slice-reading.js';
import { acrossYears } from './slices.js';

/** An exporter's slice of rows (product, year, value, quantity), in the order given; NaN for none. */
function slice(rows: Array<[number, number, number, number]>): Slice {
  const count = rows.length;
  const present = Uint8Array.from(rows, ([, , v, q]) => (Number.isNaN(v) ? 0 : 1) | (Number.isNaN(q) ? 0 : 6));
  const or0 = (x: number) => (Number.isNaN(x) ? 0 : x);
  return {
    count,
    lead: 'exporter',
    columns: { exporter: new Int32Array(count).fill(7), importer: undefined, hs6: Int32Array.from(rows, (r) => r[0]) },
    year: Int16Array.from(rows, (r) => r[1]),
    value: Float64Array.from(rows, (r) => or0(r[2])),
    qty: Float64Array.from(rows, (r) => or0(r[3])),
    valueQ: Float64Array.from(rows, (r) => (Number.isNaN(r[3]) ? 0 : or0(r[2]))),
    n: new Float64Array(count).fill(1),
    present,
    firstRow: 40,
    rowid: undefined,
    starts: [0, 3, count],
  };
}

describe('acrossYears', () => {
  it("sums each product's rows in the slice's order, one row a product in product order", () => {
    // Year-major: a product's rows are apart, and its fractions add differently in another order.
    const s = slice([
      [20110, 2020, 0.1, 5],
      [30110, 2020, 1e16, NaN],
      [40110, 2020, NaN, 2],
      [30110, 2021, 1, 3],
      [20110, 2021, 0.2, NaN],
      [20110, 2022, 0.3, 1],
      [30110, 2022, -1e16, 4],
    ]);
    const t = acrossYears(s);
    assert.deepEqual([...t.columns.hs6!], [20110, 30110, 40110]);
    assert.deepEqual([...t.columns.exporter!], [7, 7, 7]);
    assert.deepEqual([...t.value], [0 + 0.1 + 0.2 + 0.3, 0 + 1e16 + 1 - 1e16, 0]);
    assert.notEqual(t.value[1], 1, 'added in the order of the rows, not of the years');
    assert.deepEqual([...t.qty], [6, 7, 2]);
    assert.deepEqual([...t.present], [7, 7, 6]);
    assert.deepEqual([...t.n], [3, 3, 1]);
    assert.deepEqual(t.starts, [0, 3]);
    assert.equal(acrossYears(s), t, 'kept with the slice');
  });

  it('sums a slice led by the country then the product (one run) the same way', () => {
    const s = {
      ...slice([
        [20110, 2020, 0.1, 5],
        [20110, 2021, 0.2, NaN],
        [20110, 2022, 0.3, 1],
        [30110, 2020, 1e16, NaN],
        [30110, 2021, 1, 3],
        [30110, 2022, -1e16, 4],
        [40110, 2020, NaN, 2],
      ]),
      starts: [0, 7],
    };
    const t = acrossYears(s);
    assert.deepEqual([...t.columns.hs6!], [20110, 30110, 40110]);
    assert.deepEqual([...t.value], [0 + 0.1 + 0.2 + 0.3, 0 + 1e16 + 1 - 1e16, 0]);
    assert.deepEqual([...t.qty], [6, 7, 2]);
    assert.deepEqual([...t.n], [3, 3, 1]);
  });

  it('keeps a slice that would not be much smaller summed: one year, or a product led one', () => {
    const oneYear = slice([
      [20110, 2020, 1, 1],
      [30110, 2020, 2, 2],
    ]);
    assert.equal(acrossYears(oneYear), oneYear);
    const chapter = { ...slice([[20110, 2020, 1, 1]]), lead: 'hs6' as const };
    assert.equal(acrossYears(chapter), chapter);
  });
});
