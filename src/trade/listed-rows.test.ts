import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ListedRows, orNull, type Order } from './listed-rows.js';

const rows = (a: number[], b: number[]) =>
  ListedRows.of(['a', 'b'] as const, [Float64Array.from(a), Float64Array.from(b)]);
const columnsOf = (r: ListedRows<'a' | 'b'>) => ({ a: [...r.column('a')], b: [...r.column('b')] });

describe('ListedRows', () => {
  it('slices as views within bounds, and joins in turn', () => {
    const r = rows([1, 2, 3], [10, 20, 30]);
    assert.deepEqual(columnsOf(r.slice(1, 5)), { a: [2, 3], b: [20, 30] });
    assert.equal(r.slice(4, 9).length, 0);
    const joined = r.slice(0, 1).concat(rows([7], [70]));
    assert.deepEqual(columnsOf(joined), { a: [1, 7], b: [10, 70] });
    assert.equal(r.concat(ListedRows.empty(['a', 'b'] as const)), r);
  });

  it('packs into one array and back, views included', () => {
    const r = rows([1, 2, 3], [10, NaN, 30]).slice(1, 3);
    const values = new Float64Array(r.packedLength + 1).fill(-1);
    const names = r.packInto(values);
    assert.deepEqual(names, ['a', 'b']);
    assert.deepEqual([...values], [2, 3, NaN, 30, -1]);
    assert.deepEqual(columnsOf(ListedRows.unpacked({ names, length: r.length, values })), { a: [2, 3], b: [NaN, 30] });
  });

  it('merges parts in the order given and cuts to the limit', () => {
    // By a ascending, then b descending.
    const order: Order<'a' | 'b'> = (x, y) => (i, j) =>
      x.column('a')[i]! - y.column('a')[j]! || y.column('b')[j]! - x.column('b')[i]!;
    const merged = ListedRows.merge([rows([1, 3, 5], [0, 0, 0]), rows([1, 2, 6], [9, 1, 1])], 4, order);
    assert.deepEqual(columnsOf(merged), { a: [1, 1, 2, 3], b: [9, 0, 1, 0] });
    assert.deepEqual(columnsOf(ListedRows.merge([rows([2, 1], [0, 0])], 1, order)), { a: [2], b: [0] });
    // Three parts, one empty, the limit past every row: all of them, in order.
    const three = ListedRows.merge([rows([4], [0]), rows([], []), rows([0, 9], [0, 0]), rows([5], [5])], 9, order);
    assert.deepEqual(columnsOf(three), { a: [0, 4, 5, 9], b: [0, 0, 5, 0] });
    assert.throws(() => ListedRows.merge([], 1, order));
  });

  it('refuses columns that do not match the names, and reads NaN back as null', () => {
    assert.throws(() => ListedRows.of(['a', 'b'] as const, [new Float64Array(1)]));
    assert.equal(orNull(NaN), null);
    assert.equal(orNull(0), 0);
  });
});
