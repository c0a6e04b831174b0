import { tableNames, type Database } from '../store/duckdb.js';
import type { CodeRange } from './catalogue.js';
import type { Term, TradeFilter } from './filter.js';
import { listingKey, type CountrySide, type ListingFile } from './listing-file.js';
import { listingFile } from './listing-files.js';
import { sumsInMemory } from './memory-sums.js';
import { inProductOrder, type FlowColumns } from './product-order.js';
import { sharedArray, sharedCopy, type Slice } from './slice-reading.js';
import { sumSlices, type SliceGroup, type SliceSumRow } from './slice-sums.js';
import { sumSlicesOffThread } from './slice-sums-pool.js';

/**
 * The most listing rows one request's terms scan for their flows, on the event loop
 * (a listing's filter column is read a few thousand rows at a time): some hundreds of
 * microseconds. Larger ones (a large country's flows of a chapter) run in DuckDB, on
 * its threads, while the event loop answers other requests.
 */
const MAX_SCANNED_ROWS = 100_000;
/** The most flows one request sums from the listings. */
const MAX_SUMMED_FLOWS = 100_000;

/** One term's flows, and whether they must be put in product order (stably) to be in its table's order. */
interface TermFlows {
  scanned: number;
  read(): FlowColumns;
  byProduct: boolean;
}

/**
 * Sums over the flows of terms that name a pair of countries, or one country on one
 * side and some products (the sums DuckDB computes over a sorted copy of the flows:
 * a country's partners in some products, a pair's trade in some products), from the
 * listings held in memory (`listing-files.ts`) rather than a DuckDB scan of the flows:
 * each term's flows read from a listing in the order of the copy DuckDB would scan,
 * then summed, grouped, sorted and cut by `sumSlices` as slices of an aggregate are.
 * The same additions in the same order as DuckDB's single-threaded aggregate: the same
 * numbers. Undefined when a term is of another shape, a listing is not made yet, or
 * the flows are too many to scan or sum here.
 */
export async function flowSums(
  db: Database,
  filter: TradeFilter,
  opts: { groups: SliceGroup[]; orderBy?: 'value' | 'key'; limit?: number },
): Promise<SliceSumRow[] | undefined> {
  if (opts.groups.length > 2) return undefined;
  const pairCopy = await hasPairCopy(db);
  const terms = filter.terms.map((term) => termFlows(db, { term, filter, pairCopy }));
  if (terms.some((t) => t === undefined)) return undefined;
  if (terms.reduce((n, t) => n + t!.scanned, 0) > MAX_SCANNED_ROWS) return undefined;
  const slices: Slice[][] = [];
  let rows = 0;
  for (const [t, term] of filter.terms.entries()) {
    const flows = terms[t]!.read();
    rows += flows[0].length;
    if (rows > MAX_SUMMED_FLOWS) return undefined;
    slices.push([sliceOf(term, terms[t]!.byProduct ? inProductOrder(flows) : flows)]);
  }
  // The flows read are those of the years and products asked for: summed whole.
  const task = { filter: { terms: filter.terms }, slices, ...opts };
  return rows < sumsInMemory(db).sumOffThreadRows ? sumSlices(task) : sumSlicesOffThread(task);
}

/**
 * Whether the trade file has the pair-led copy of the flows (one written before it
 * existed is read through a view of the exporter-led copy, in another order).
 */
const hasPairCopy = (db: Database) =>
  db.shared('trade:has-pair-copy', async (root) => (await tableNames(root, 'trade')).has('annual_by_pair'));

/**
 * Where a term's flows are read, in the order of the copy its SQL scans
 * (`annualSource`): a pair's from the pair's listing (the pair-led copy's order, or
 * put in product order as the exporter-led copy has them); one country's of some
 * products from whichever listing scans fewer rows, the country's own (then put in
 * product order) or its products' codes' one after another (each in the copy's order).
 */
function termFlows(db: Database, asked: { term: Term; filter: TradeFilter; pairCopy: boolean }): TermFlows | undefined {
  const { term, filter, pairCopy } = asked;
  const years = { from: filter.from, to: filter.to };
  const { exporters, importers } = term;
  if (term.exclude) return undefined;
  if (exporters?.length === 1 && importers?.length === 1) {
    const file = listingFile(db, 'pair');
    const key = listingKey('pair', exporters[0]!, importers[0]);
    return file && scanOf(file, key, { years, products: filter.products, byProduct: !pairCopy });
  }
  const side: CountrySide['side'] | undefined =
    exporters && !importers ? 'exporter' : importers && !exporters ? 'importer' : undefined;
  const ids = side === 'exporter' ? exporters : importers;
  if (!side || ids?.length !== 1 || !filter.products) return undefined;
  const country = { side, id: ids[0]! };
  const own = listingFile(db, side);
  const codes = listingFile(db, 'hs6');
  const scans = [
    own && scanOf(own, country.id, { years, products: filter.products, byProduct: true }),
    codes && codesScan(codes, { years, products: filter.products, country }),
  ];
  return scans.reduce((a, b) => (!a || (b && b.scanned < a.scanned) ? b : a), undefined);
}

/** A read of `key`'s listing in some years, kept to some products. */
function scanOf(
  file: ListingFile,
  key: number,
  kept: { years: { from?: number; to?: number }; products?: CodeRange[]; byProduct: boolean },
): TermFlows {
  return {
    scanned: file.rowsOf(key, kept.years),
    read: () => file.read(key, kept.years, { limit: MAX_SUMMED_FLOWS + 1, products: kept.products }) as FlowColumns,
    byProduct: kept.byProduct,
  };
}

/** A read of each code's listing of some products in turn, in code order, kept to one country's flows. */
function codesScan(
  codes: ListingFile,
  kept: {
    years: { from?: number; to?: number };
    products: CodeRange[];
    country: CountrySide;
  },
): TermFlows {
  const { years, country } = kept;
  const keys = [...new Set(kept.products.flatMap((r) => codes.keysIn(r.lo, r.hi)))].sort((a, b) => a - b);
  return {
    scanned: keys.reduce((n, code) => n + codes.rowsOf(code, years), 0),
    read: () => {
      const parts = keys.map((code) => codes.read(code, years, { limit: MAX_SUMMED_FLOWS + 1, country }));
      return [0, 1, 2, 3, 4, 5].map((c) => concatenated(parts.map((p) => p[c]!))) as FlowColumns;
    },
    byProduct: false,
  };
}

/** The arrays one after another. */
function concatenated(parts: Float64Array[]): Float64Array {
  const all = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

/**
 * A term's flows as a slice, one run in the order summed: each flow's value, its
 * quantity, and its value when it has a quantity (`valueQ`), each present or not.
 */
function sliceOf(term: Term, flows: FlowColumns): Slice {
  const [exporters, importers, codes, years, values, quantities] = flows;
  const count = exporters.length;
  const slice: Slice = {
    count,
    lead: term.exporters ? 'exporter' : 'importer',
    columns: {
      exporter: sharedCopy(Int32Array, exporters),
      importer: sharedCopy(Int32Array, importers),
      hs6: sharedCopy(Int32Array, codes),
    },
    year: sharedCopy(Int16Array, years),
    value: sharedArray(Float64Array, count),
    qty: sharedArray(Float64Array, count),
    valueQ: sharedArray(Float64Array, count),
    n: sharedArray(Float64Array, count).fill(1),
    present: sharedArray(Uint8Array, count),
    firstRow: 0,
    rowid: undefined,
    starts: [0, count],
  };
  for (let i = 0; i < count; i++) {
    const [value, qty] = [values[i]!, quantities[i]!];
    const present = (Number.isNaN(value) ? 0 : 1) | (Number.isNaN(qty) ? 0 : 2);
    slice.present[i] = present === 3 ? 7 : present;
    slice.value[i] = present & 1 ? value : 0;
    slice.qty[i] = present & 2 ? qty : 0;
    slice.valueQ[i] = present === 3 ? value : 0;
  }
  return slice;
}
