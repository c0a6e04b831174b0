import assert from 'node:assert/strict';
import { it } from 'node:test';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { symmetricEigen } from './eigen.js';

it('finds the eigenvalues of [[2, 1], [1, 2]]: 1 and 3, with (1, −1) and (1, 1) / √2', () => {
  const { values, vectors } = symmetricEigen(Float64Array.from([2, 1, 1, 2]), 2);
  assert.ok(Math.abs(values[0]! - 1) < 1e-15 && Math.abs(values[1]! - 3) < 1e-15);
  assert.ok(Math.abs(Math.abs(vectors[1]![0]!) - Math.SQRT1_2) < 1e-15);
  assert.ok(Math.abs(vectors[1]![0]! - vectors[1]![1]!) < 1e-15);
  assert.ok(Math.abs(vectors[0]![0]! + vectors[0]![1]!) < 1e-15);
});

it('decomposes a random symmetric 60 × 60 matrix: A v = λ v, ascending, orthonormal', () => {
  const n = 60;
  const gen = xoroshiro128plus(3);
  const a = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j <= i; j++) a[i * n + j] = a[j * n + i] = 2 * uniformFloat64(gen) - 1;
  const { values, vectors } = symmetricEigen(a, n);
  for (let k = 0; k < n; k++) {
    if (k > 0) assert.ok(values[k - 1]! <= values[k]!);
    const v = vectors[k]!;
    for (let i = 0; i < n; i++) {
      let av = 0;
      for (let j = 0; j < n; j++) av += a[i * n + j]! * v[j]!;
      assert.ok(Math.abs(av - values[k]! * v[i]!) < 1e-12, `residual of ${k} at ${i}`);
    }
    for (let l = 0; l <= k; l++) {
      let dot = 0;
      for (let i = 0; i < n; i++) dot += v[i]! * vectors[l]![i]!;
      assert.ok(Math.abs(dot - (l === k ? 1 : 0)) < 1e-12);
    }
  }
});

it('refuses a matrix that is not symmetric', () => {
  assert.throws(() => symmetricEigen(Float64Array.from([1, 2, 3, 4]), 2), /not symmetric/);
});
