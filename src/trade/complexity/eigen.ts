/** Eigenvalues and eigenvectors of a real symmetric matrix. */
export interface SymmetricEigen {
  /** Ascending. */
  values: Float64Array;
  /** `vectors[i]` belongs to `values[i]`, of unit length. */
  vectors: Float64Array[];
}

/**
 * The eigen-decomposition of the symmetric `n` × `n` matrix `a` (row-major; not
 * changed) by cyclic Jacobi rotations: slow for large `n` (each sweep costs n³), but
 * accurate to the last digits and deterministic, for the few hundred rows of a
 * country matrix. Throws when `a` is not symmetric.
 */
export function symmetricEigen(a: Float64Array, n: number): SymmetricEigen {
  if (a.length !== n * n) throw new RangeError(`a ${n} × ${n} matrix has ${n * n} entries, not ${a.length}`);
  const m = Float64Array.from(a);
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const x = m[i * n + j]!;
      const y = m[j * n + i]!;
      if (Math.abs(x - y) > 1e-12 * Math.max(1, Math.abs(x), Math.abs(y)))
        throw new RangeError(`not symmetric at (${i}, ${j})`);
    }
  // v holds the eigenvectors as rows: v[k * n + i] is component i of vector k.
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let rotated = false;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) {
        const apq = m[p * n + q]!;
        const app = m[p * n + p]!;
        const aqq = m[q * n + q]!;
        // After a few sweeps, an entry negligible against both diagonal entries is set to zero.
        const g = 100 * Math.abs(apq);
        if (apq === 0 || (sweep > 3 && Math.abs(app) + g === Math.abs(app) && Math.abs(aqq) + g === Math.abs(aqq))) {
          m[p * n + q] = m[q * n + p] = 0;
          continue;
        }
        rotated = true;
        const theta = (aqq - app) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = m[k * n + p]!;
          const akq = m[k * n + q]!;
          m[k * n + p] = c * akp - s * akq;
          m[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = m[p * n + k]!;
          const aqk = m[q * n + k]!;
          m[p * n + k] = c * apk - s * aqk;
          m[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vpk = v[p * n + k]!;
          const vqk = v[q * n + k]!;
          v[p * n + k] = c * vpk - s * vqk;
          v[q * n + k] = s * vpk + c * vqk;
        }
      }
    if (!rotated) break;
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => m[x * n + x]! - m[y * n + y]! || x - y);
  return {
    values: Float64Array.from(order, (i) => m[i * n + i]!),
    vectors: order.map((i) => v.slice(i * n, i * n + n)),
  };
}
