/** A listing's columns as its reads return them: exporter, importer, hs6, year, value, quantity. */
export type FlowColumns = [Float64Array, Float64Array, Float64Array, Float64Array, Float64Array, Float64Array];

/** Flows put in product order are at most this many (a row's place is packed below the code). */
export const PRODUCT_ORDER_MAX_ROWS = 2 ** 21;

/**
 * The flows sorted by product, stably (a product's flows in the order given): a
 * country's or a pair's flows in listing order (year, value descending, partner) so
 * become those of the copy led by the country then the product. Sorted as numbers
 * packing the code above the row's place.
 */
export function inProductOrder(flows: FlowColumns): FlowColumns {
  const codes = flows[2];
  const n = codes.length;
  if (n > PRODUCT_ORDER_MAX_ROWS) throw new RangeError(`${n} flows to put in product order`);
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = codes[i]! * PRODUCT_ORDER_MAX_ROWS + i;
  keys.sort();
  return flows.map((column) => {
    const sorted = new Float64Array(n);
    for (let i = 0; i < n; i++) sorted[i] = column[keys[i]! % PRODUCT_ORDER_MAX_ROWS]!;
    return sorted;
  }) as FlowColumns;
}
