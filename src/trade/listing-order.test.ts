import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listingOrder, type LeadKind, type YearOrderedFlows } from './listing-order.js';

interface Flow {
  year: number;
  value: number;
  exporter: number;
  importer: number;
  hs6: number;
}

/** Seeded flows of a few countries, codes and years, sorted in the listing order of their year. */
function flowsOf(seed: number, count: number): Flow[] {
  let x = seed;
  const next = (n: number) => {
    x = (x * 48271) % 2147483647;
    return x % n;
  };
  const codes = [10121, 10129, 20110, 840710, 840790, 847130, 850440, 870323];
  const list: Flow[] = [];
  for (let i = 0; i < count; i++) {
    list.push({
      year: 2019 + next(4) * (next(2) + 1),
      value: next(50) * 10,
      exporter: [4, 76, 276, 842, 65535][next(5)]!,
      importer: [0, 36, 251, 276, 392][next(5)]!,
      hs6: codes[next(codes.length)]!,
    });
  }
  const order = (p: Flow, q: Flow) =>
    p.year - q.year || q.value - p.value || p.exporter - q.exporter || p.importer - q.importer || p.hs6 - q.hs6;
  return list.sort(order);
}

/** The flows as the ordering reads them, with each year's start. */
function yearOrdered(list: Flow[]): YearOrderedFlows {
  const years: number[] = [];
  const starts: number[] = [];
  list.forEach((f, i) => {
    if (f.year !== years.at(-1)) {
      years.push(f.year);
      starts.push(i);
    }
  });
  starts.push(list.length);
  return {
    count: list.length,
    exporter: (r) => list[r]!.exporter,
    importer: (r) => list[r]!.importer,
    hs6: (r) => list[r]!.hs6,
    years: { years, starts },
  };
}

const KEYS: Record<LeadKind, (f: Flow) => number> = {
  exporter: (f) => f.exporter,
  importer: (f) => f.importer,
  pair: (f) => f.exporter * 65536 + f.importer,
  hs6: (f) => f.hs6,
  heading: (f) => Math.floor(f.hs6 / 100),
  chapter: (f) => Math.floor(f.hs6 / 10_000),
};

describe('listingOrder', () => {
  for (const kind of Object.keys(KEYS) as LeadKind[]) {
    it(`orders the flows by ${kind}, then year, then the listing order of the year, in segments`, async () => {
      const list = flowsOf(17, 3000);
      let pauses = 0;
      const { index, rows } = await listingOrder(kind, yearOrdered(list), async () => void pauses++);
      const keyOf = KEYS[kind];
      const expected = list
        .map((f, row) => ({ f, row }))
        .sort((p, q) => keyOf(p.f) - keyOf(q.f) || p.f.year - q.f.year || p.row - q.row)
        .map((p) => p.row);
      assert.deepEqual([...rows], expected);
      // One segment per key and year, each holding exactly its rows.
      for (let s = 0; s < index.keys.length; s++) {
        const stretch = [...rows.subarray(index.starts[s]!, index.starts[s + 1]!)];
        assert.ok(stretch.length > 0);
        for (const row of stretch) {
          assert.equal(keyOf(list[row]!), index.keys[s]);
          assert.equal(list[row]!.year, index.years[s]);
        }
        if (s > 0) assert.ok(index.keys[s - 1]! < index.keys[s]! || index.years[s - 1]! < index.years[s]!);
      }
      assert.equal(index.starts.at(-1), list.length);
      assert.equal(pauses, 0, 'fewer rows than a pause takes');
    });
  }

  it('pauses while it works through many rows', async () => {
    let pauses = 0;
    await listingOrder('hs6', yearOrdered(flowsOf(5, 70_000)), async () => void pauses++);
    assert.ok(pauses >= 3, `${pauses} pauses`);
  });

  it('gives no segments of no flows, and refuses a key beyond its table', async () => {
    const none = await listingOrder('pair', yearOrdered([]));
    assert.equal(none.index.keys.length, 0);
    assert.deepEqual([...none.index.starts], [0]);
    const wide = [{ year: 2020, value: 1, exporter: 1, importer: 2, hs6: 2 ** 30 }];
    await assert.rejects(listingOrder('hs6', yearOrdered(wide)), /beyond a slot table/);
  });
});
