import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Random } from '../sample/random.js';
import { kthLargest } from './kth-largest.js';

describe('kthLargest', () => {
  it('answers as a sort does, with ties, infinities and every k', () => {
    const rng = new Random(3);
    for (const n of [1, 2, 3, 10, 257, 5300]) {
      for (const ties of [false, true]) {
        const values = Float64Array.from({ length: n }, (_, i) =>
          i % 11 === 0 ? -Infinity : ties ? rng.int(0, 5) : rng.float() * 1e12,
        );
        const sorted = values.slice().sort();
        const ks = n <= 10 ? Array.from({ length: n }, (_, i) => i + 1) : [1, 2, 50, n >> 1, n - 1, n];
        for (const k of ks) assert.equal(kthLargest(values.slice(), k), sorted[n - k], `n ${n}, k ${k}, ties ${ties}`);
      }
    }
  });

  it('refuses a k outside the values', () => {
    assert.throws(() => kthLargest(new Float64Array(3), 0), RangeError);
    assert.throws(() => kthLargest(new Float64Array(3), 4), RangeError);
  });
});
