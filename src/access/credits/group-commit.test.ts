import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GroupCommit } from './group-commit.js';

/** A GroupCommit whose writes are recorded: each batch and when it started. */
function recorded(limits?: ConstructorParameters<typeof GroupCommit<number, number>>[1]) {
  const batches: Array<{ items: number[]; at: number }> = [];
  const t0 = performance.now();
  const commit = new GroupCommit<number, number>(async (items) => {
    batches.push({ items, at: performance.now() - t0 });
    return items.map((i) => i * 10);
  }, limits);
  return { commit, batches };
}

describe('GroupCommit', () => {
  it('the items added in one turn share a write, and each gets its own result', async () => {
    const { commit, batches } = recorded();
    const results = await Promise.all([1, 2, 3].map((i) => commit.add(i)));
    assert.deepEqual(results, [10, 20, 30]);
    assert.deepEqual(
      batches.map((b) => b.items),
      [[1, 2, 3]],
    );
  });

  it('a failed write fails the items it held, and only those', async () => {
    let calls = 0;
    const commit = new GroupCommit<number, number>(async (items) => {
      calls++;
      if (calls === 1) throw new Error('disk full');
      return items;
    });
    const first = Promise.allSettled([commit.add(1), commit.add(2)]);
    assert.deepEqual(
      (await first).map((r) => r.status),
      ['rejected', 'rejected'],
    );
    assert.equal(await commit.add(3), 3);
  });

  it('maxBatch bounds one write', async () => {
    const { commit, batches } = recorded({ maxInFlight: 1, maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((i) => commit.add(i)));
    assert.deepEqual(
      batches.map((b) => b.items),
      [[1, 2], [3, 4], [5]],
    );
  });
});
