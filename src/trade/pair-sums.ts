import type { Database } from '../store/duckdb.js';
import type { Term, TradeFilter } from './filter.js';
import { table } from './sql.js';

/** A grouping column of the pair sums: a side, the partner side of each term, or the year. */
export type PairGroup = 'year' | 'exporter' | 'importer' | 'partner';

/** One group's sums, keyed as `annualAggregate` answers them. */
export interface PairSumRow {
  year?: number;
  exporter?: number;
  importer?: number;
  partner?: number;
  value: number | null;
  qty: number | null;
  value_q: number | null;
  n: number;
}

interface Sums {
  keys: number[];
  value: number;
  qty: number;
  valueQ: number;
  n: number;
  /** Whether any row had a value, a quantity, a value with quantity (SQL sums of none are NULL). */
  hasValue: boolean;
  hasQty: boolean;
  hasValueQ: boolean;
}

const KEY_BASE = 65_536;
const NO_ROWS = new Int32Array(0);
/**
 * The most rows summed in memory for one request (a few countries' flows with all
 * their partners); more, or a term naming no country, are summed by DuckDB.
 */
const MAX_ROWS = 32_768;

interface PairColumns {
  exporter: Int32Array;
  importer: Int32Array;
  year: Int32Array;
  value: Float64Array;
  qty: Float64Array;
  valueQ: Float64Array;
  n: Float64Array;
  /** 1 bit each: value, qty, value_q present. */
  present: Uint8Array;
  /** Row numbers of each exporter and importer, ascending. */
  rowsOf: { exporter: Map<number, Int32Array>; importer: Map<number, Int32Array> };
}

/**
 * The annual sums by exporter, importer and year (`agg_pair`), held in memory: their
 * size is bounded by countries² × years whatever the snapshot's scale (at most some
 * 640 000 rows, 40 bytes each), and the year series, summaries and partner rankings
 * of a few countries without a product read nothing else. Rows are kept in the table's scan order and summed in it,
 * as DuckDB's single-threaded aggregate does, so the sums are the same numbers.
 */
export class PairSums {
  private constructor(private readonly c: PairColumns) {}

  /** The snapshot's pair sums, read once and shared by every request while it is open. */
  static of(db: Database): Promise<PairSums> {
    return db.shared('trade:agg_pair', (root) => PairSums.load(root));
  }

  private static async load(db: Database): Promise<PairSums> {
    const [exporters = [], importers = [], years = [], values = [], qtys = [], valueQs = [], ns = []] =
      await db.queryColumns(`SELECT exporter, importer, year, value, qty, value_q, n FROM ${table('agg_pair')}`);
    const count = exporters.length;
    const exporter = Int32Array.from(exporters as number[]);
    const importer = Int32Array.from(importers as number[]);
    const columns: PairColumns = {
      exporter,
      importer,
      year: Int32Array.from(years as number[]),
      value: new Float64Array(count),
      qty: new Float64Array(count),
      valueQ: new Float64Array(count),
      n: new Float64Array(count),
      present: new Uint8Array(count),
      rowsOf: { exporter: rowLists(exporter), importer: rowLists(importer) },
    };
    for (let i = 0; i < count; i++) {
      const v = values[i] as number | null;
      const q = qtys[i] as number | null;
      const vq = valueQs[i] as number | null;
      columns.value[i] = v ?? 0;
      columns.qty[i] = q ?? 0;
      columns.valueQ[i] = vq ?? 0;
      columns.n[i] = (ns[i] as number | null) ?? 0;
      columns.present[i] = (v === null ? 0 : 1) | (q === null ? 0 : 2) | (vq === null ? 0 : 4);
    }
    return new PairSums(columns);
  }

  /**
   * Sums over the rows of every term (each row once per term, terms in order, as the
   * SQL's UNION ALL), grouped by `groups`; sorted by value descending then the keys,
   * or by the keys, and cut to `limit` when given. Terms must not filter products.
   * Undefined when a term names no country or the terms' countries hold more than
   * `MAX_ROWS` rows: a scan that large runs in DuckDB, off the event loop.
   */
  aggregate(
    filter: TradeFilter,
    opts: { groups: PairGroup[]; orderBy?: 'value' | 'key'; limit?: number },
  ): PairSumRow[] | undefined {
    const { groups } = opts;
    const rows = filter.terms.map((term) => this.candidates(term));
    if (rows.some((r) => r === undefined) || rows.reduce((t, r) => t + r!.length, 0) > MAX_ROWS) return undefined;
    const sums = new Map<number, Sums>();
    filter.terms.forEach((term, t) =>
      this.sumTerm(term, { rows: rows[t]!, from: filter.from ?? 0, to: filter.to ?? Infinity, groups }, sums),
    );
    const all = [...sums.values()];
    if (opts.orderBy) all.sort(opts.orderBy === 'value' ? byValueThenKeys : byKeys);
    const kept = opts.limit ? all.slice(0, opts.limit) : all;
    return kept.map((s) => {
      const row: Record<string, number | null> = {};
      groups.forEach((g, k) => (row[g] = s.keys[k]!));
      row.value = s.hasValue ? s.value : null;
      row.qty = s.hasQty ? s.qty : null;
      row.value_q = s.hasValueQ ? s.valueQ : null;
      row.n = s.n;
      return row as unknown as PairSumRow;
    });
  }

  /** Adds the rows one term matches within the years to their groups' sums. */
  private sumTerm(
    term: Term,
    scope: { rows: Int32Array; from: number; to: number; groups: PairGroup[] },
    sums: Map<number, Sums>,
  ): void {
    const { rows, from, to, groups } = scope;
    const { exporter, importer, year, value, qty, valueQ, n, present } = this.c;
    const exporters = term.exporters && new Set(term.exporters);
    const importers = term.importers && new Set(term.importers);
    const excludeExporters = term.exclude && new Set(term.exclude.exporters);
    const excludeImporters = term.exclude?.importers && new Set(term.exclude.importers);
    const keyColumns = groups.map((g) => this.c[g === 'partner' ? term.partnerSide : g]);
    for (const i of rows) {
      const y = year[i]!;
      const e = exporter[i]!;
      const m = importer[i]!;
      if (y < from || y > to) continue;
      if ((exporters && !exporters.has(e)) || (importers && !importers.has(m))) continue;
      if (excludeExporters?.has(e) && (!excludeImporters || excludeImporters.has(m))) continue;
      let key = 0;
      for (const c of keyColumns) key = key * KEY_BASE + c[i]!;
      let s = sums.get(key);
      if (!s) {
        const keys = keyColumns.map((c) => c[i]!);
        s = { keys, value: 0, qty: 0, valueQ: 0, n: 0, hasValue: false, hasQty: false, hasValueQ: false };
        sums.set(key, s);
      }
      const p = present[i]!;
      if (p & 1) {
        s.value += value[i]!;
        s.hasValue = true;
      }
      if (p & 2) {
        s.qty += qty[i]!;
        s.hasQty = true;
      }
      if (p & 4) {
        s.valueQ += valueQ[i]!;
        s.hasValueQ = true;
      }
      s.n += n[i]!;
    }
  }

  /** The rows a term can match, ascending: those of its first named side; undefined when it names none. */
  private candidates(term: Term): Int32Array | undefined {
    const side = term.exporters ? 'exporter' : term.importers ? 'importer' : undefined;
    if (!side) return undefined;
    const ids = [...new Set(side === 'exporter' ? term.exporters : term.importers)];
    const lists = ids.map((id) => this.c.rowsOf[side].get(id) ?? NO_ROWS);
    if (lists.length === 1) return lists[0]!;
    const rows = new Int32Array(lists.reduce((t, l) => t + l.length, 0));
    let at = 0;
    for (const l of lists) {
      rows.set(l, at);
      at += l.length;
    }
    return rows.sort();
  }
}

/** Row numbers by value of a column, each list ascending. */
function rowLists(column: Int32Array): Map<number, Int32Array> {
  const counts = new Map<number, number>();
  for (const v of column) counts.set(v, (counts.get(v) ?? 0) + 1);
  const lists = new Map<number, Int32Array>();
  for (const [v, c] of counts) lists.set(v, new Int32Array(c));
  const filled = new Map<number, number>();
  column.forEach((v, i) => {
    const at = filled.get(v) ?? 0;
    lists.get(v)![at] = i;
    filled.set(v, at + 1);
  });
  return lists;
}

function byKeys(a: Sums, b: Sums): number {
  for (let k = 0; k < a.keys.length; k++) if (a.keys[k] !== b.keys[k]) return a.keys[k]! - b.keys[k]!;
  return 0;
}

/** Value descending (groups without a value last, as SQL's NULLS LAST), then the keys. */
function byValueThenKeys(a: Sums, b: Sums): number {
  if (a.hasValue !== b.hasValue) return a.hasValue ? -1 : 1;
  if (a.hasValue && a.value !== b.value) return b.value - a.value;
  return byKeys(a, b);
}
