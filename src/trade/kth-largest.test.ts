import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { kthLargest } from './kth-largest.js';

describe('kthLargest', () => {
  it('answers as a sort does, with ties, infinities and every k', () => {
    // A fixed sequence (a linear congruential generator): the same values every run.
    let seed = 3;
    const float = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const n of [1, 2, 3, 10, 257, 5300]) {
      for (const ties of [false, true]) {
        const values = Float64Array.from({ length: n }, (_, i) =>
          i % 11 === 0 ? -Infinity : ties ? Math.floor(float() * 6) : float() * 1e12,
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
