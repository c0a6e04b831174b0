import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sharedArray, type Slice } from './slice-reading.js';
import { sumSlices } from './slice-sums.js';
import sliceSumTask from './slice-sums-worker.js';

/** An exporter's slice, year-major (a run of products a year): rows of (product, year, value), n 1 each. */
function exporterSlice(rows: Array<[number, number, number]>): Slice {
  const count = rows.length;
  const starts = [0];
  rows.forEach(([code], i) => i > 0 && code < rows[i - 1]![0] && starts.push(i));
  starts.push(count);
  const value = sharedArray(Float64Array, count);
  value.set(rows.map((r) => r[2]));
  return {
    count,
    lead: 'exporter',
    columns: { exporter: new Int32Array(count).fill(7), importer: undefined, hs6: Int32Array.from(rows, (r) => r[0]) },
    year: Int16Array.from(rows, (r) => r[1]),
    value,
    qty: new Float64Array(count),
    valueQ: new Float64Array(count),
    n: new Float64Array(count).fill(1),
    present: new Uint8Array(count).fill(1),
    firstRow: 0,
    rowid: undefined,
    starts,
  };
}

const rows = (): Array<[number, number, number]> => [
  [10110, 2020, 5],
  [20110, 2020, 1e16],
  [30110, 2020, 3],
  [10110, 2021, 2],
  [20110, 2021, 1],
  [30110, 2021, 4],
  [20110, 2022, -1e16],
];
const term = { exporters: [7], partnerSide: 'importer' as const };

describe('sumSlices', () => {
  it("sums a year range's rows year by year, in the slice's order, and keeps those rows with the slice", () => {
    const s = exporterSlice(rows());
    const filter = { terms: [term], from: 2020, to: 2022 };
    const sums = sumSlices({ filter, slices: [[s]], groups: ['hs6'], orderBy: 'key' });
    assert.deepEqual(
      sums.map((r) => [r.hs6, r.value, r.n]),
      [
        [10110, 7, 2],
        [20110, 1e16 + 1 - 1e16, 3],
        [30110, 7, 2],
      ],
    );
    assert.deepEqual([...s.byYear!.starts], [0, 3, 6, 7]);
    assert.deepEqual([...s.byYear!.rows], [0, 1, 2, 3, 4, 5, 6]);
    const later = sumSlices({ filter: { ...filter, from: 2021 }, slices: [[s]], groups: ['hs6'], orderBy: 'key' });
    assert.deepEqual(
      later.map((r) => [r.hs6, r.value]),
      [
        [10110, 2],
        [20110, 1 - 1e16],
        [30110, 4],
      ],
    );
  });

  it('ranks by value, ties by key, and cuts to the limit', () => {
    const s = exporterSlice(rows());
    const top = sumSlices({ filter: { terms: [term] }, slices: [[s]], groups: ['hs6'], orderBy: 'value', limit: 2 });
    assert.deepEqual(
      top.map((r) => [r.hs6, r.value]),
      [
        [10110, 7],
        [30110, 7],
      ],
    );
  });

  it("the summing thread's task answers the same sums and hands back the year rows it made", () => {
    const here = exporterSlice(rows());
    const there = exporterSlice(rows());
    const task = (s: Slice) => ({
      filter: { terms: [term], from: 2021 },
      slices: [[s]],
      groups: ['hs6' as const],
      orderBy: 'key' as const,
    });
    const answer = sliceSumTask(task(there));
    assert.deepEqual(answer.rows, sumSlices(task(here)));
    assert.equal(answer.byYear.length, 1);
    assert.deepEqual(answer.byYear[0]!.slice(0, 2), [0, 0]);
    assert.ok(answer.byYear[0]![2].rows.buffer instanceof SharedArrayBuffer, 'made in shared memory');
    assert.equal(sliceSumTask(task(there)).byYear.length, 0, 'made once');
  });
});
