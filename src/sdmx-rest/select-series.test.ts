import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keptCount, keptPoints } from './select-series.js';

describe('first and last N observations', () => {
  const points = [1, 2, 3, 4, 5];
  it('keeps the first N, the last N, or both without repeating one', () => {
    assert.deepEqual(keptPoints(points, { firstN: 2 }), [1, 2]);
    assert.deepEqual(keptPoints(points, { lastN: 2 }), [4, 5]);
    assert.deepEqual(keptPoints(points, { firstN: 1, lastN: 1 }), [1, 5]);
    assert.deepEqual(keptPoints(points, { firstN: 3, lastN: 3 }), points);
    assert.deepEqual(keptPoints(points, { lastN: 9 }), points);
    assert.deepEqual(keptPoints(points, {}), points);
  });

  it('counts what it keeps', () => {
    for (const q of [{ firstN: 2 }, { lastN: 2 }, { firstN: 1, lastN: 1 }, { firstN: 3, lastN: 3 }, { lastN: 9 }, {}])
      assert.equal(keptCount(points.length, q), keptPoints(points, q).length, JSON.stringify(q));
  });
});
