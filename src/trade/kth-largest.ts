/**
 * The `k`-th largest of `values` (1 for the largest), found by selection in linear
 * time on average, reordering `values` in place. `values` holds no NaN; `k` is
 * between 1 and its length.
 */
export function kthLargest(values: Float64Array, k: number): number {
  if (!(k >= 1 && k <= values.length)) throw new RangeError(`k ${k} of ${values.length}`);
  const target = values.length - k;
  let lo = 0;
  let hi = values.length - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >>> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i++] = values[j]!;
        values[j--] = t;
      }
    }
    // Everything at or before j is ≤ the pivot, at or after i ≥ it, and between them equal to it.
    if (target <= j) hi = j;
    else if (target >= i) lo = i;
    else break;
  }
  return values[target]!;
}
