import type { Complexity } from './measures.js';
import type { ComplexityLevel } from './year-exports.js';

// The orders the complexity operations answer in (CONTRACT §4): by a score descending,
// ties by code ascending. Pure, over a computed year's arrays.

/** A product code as the level writes it: zero-padded to 4 or 6 digits. */
export const productCode = (code: number, level: ComplexityLevel) =>
  String(code).padStart(level === 'hs4' ? 4 : 6, '0');

/** The indices of `score` by score descending, ties by `code` ascending. */
export function rankedBy(score: ArrayLike<number>, code: (i: number) => string | number, among?: number[]): number[] {
  const order = among ?? Array.from({ length: score.length }, (_, i) => i);
  return order.sort((a, b) => score[b]! - score[a]! || (code(a) < code(b) ? -1 : code(a) > code(b) ? 1 : 0));
}

/** The products country `c` (an index) does not export with RCA ≥ 1, by COG descending, ties by code. */
export function opportunitiesOf(cx: Complexity, c: number): { products: number[]; cog: Float64Array } {
  const np = cx.products.length;
  const cog = cx.cog.subarray(c * np, (c + 1) * np);
  const open = Array.from({ length: np }, (_, p) => p).filter((p) => !cx.m[c * np + p]);
  return { products: rankedBy(cog, (p) => cx.products[p]!, open), cog };
}

/** Balassa's RCA of country `c`'s exports of each product (by index), over the kept matrix. */
export function rcaRow(cx: Complexity, c: number): Float64Array {
  let total = 0;
  for (const x of cx.exports) total += x;
  const np = cx.products.length;
  return Float64Array.from(cx.worldExports, (xp, p) => cx.value[c * np + p]! / cx.exports[c]! / (xp / total));
}
