import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inProductOrder, type FlowColumns } from './product-order.js';

/** Columns of flows given as [exporter, importer, hs6, year, value, quantity] rows. */
const columns = (rows: number[][]) =>
  [0, 1, 2, 3, 4, 5].map((c) => Float64Array.from(rows, (r) => r[c]!)) as FlowColumns;
const rowsOf = (flows: FlowColumns) => Array.from(flows[0], (_, i) => flows.map((c) => c[i]!));

describe('inProductOrder', () => {
  it("sorts by product and keeps each product's flows in the order given", () => {
    // A country's flows in listing order: year, then value descending.
    const flows = [
      [7, 3, 854231, 2020, 9.5, NaN],
      [7, 4, 100199, 2020, 8.25, 2],
      [7, 3, 100199, 2020, 1.5, 1],
      [7, 3, 854231, 2021, 7, 3],
      [7, 4, 100199, 2021, 0.1, NaN],
      [7, 3, 999999, 2021, 0.05, 4],
    ];
    assert.deepEqual(rowsOf(inProductOrder(columns(flows))), [
      flows[1],
      flows[2],
      flows[4],
      flows[0],
      flows[3],
      flows[5],
    ]);
  });

  it('keeps no rows when given none', () => {
    assert.deepEqual(rowsOf(inProductOrder(columns([]))), []);
  });
});
