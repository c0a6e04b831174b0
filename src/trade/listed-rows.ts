/**
 * The rows of a listing page held as columns of numbers (NaN where NULL), in listing
 * order: read from DuckDB's vectors in one copy a column and written to JSON from
 * there, so a page of a thousand rows makes no object per row.
 */
export class ListedRows<C extends string> {
  private constructor(
    readonly length: number,
    private readonly columns: Readonly<Record<C, Float64Array>>,
  ) {}

  /** Rows from `columns`, named in order by `names` (as a query selects them). */
  static of<C extends string>(names: readonly C[], columns: readonly Float64Array[]): ListedRows<C> {
    if (columns.length !== names.length) throw new Error(`expected ${names.length} columns, got ${columns.length}`);
    const length = columns[0]?.length ?? 0;
    return new ListedRows(length, Object.fromEntries(names.map((n, i) => [n, columns[i]!])) as Record<C, Float64Array>);
  }

  /** No rows, with the columns `names`. */
  static empty<C extends string>(names: readonly C[]): ListedRows<C> {
    return ListedRows.of(
      names,
      names.map(() => new Float64Array(0)),
    );
  }

  /**
   * The rows written into `into` (at least `columns × length` values), one column after
   * another, to be read on another thread by `unpacked`; returns the columns' names.
   */
  packInto(into: Float64Array): C[] {
    const names = Object.keys(this.columns) as C[];
    names.forEach((name, i) => into.set(this.columns[name], i * this.length));
    return names;
  }

  /** The rows `packInto` wrote, as views of `values`. */
  static unpacked<C extends string>(p: PackedRows<C>): ListedRows<C> {
    const at = (i: number) => p.values.subarray(i * p.length, (i + 1) * p.length);
    return new ListedRows(p.length, Object.fromEntries(p.names.map((n, i) => [n, at(i)])) as Record<C, Float64Array>);
  }

  /** How many numbers `packInto` writes. */
  get packedLength(): number {
    return Object.keys(this.columns).length * this.length;
  }

  /** The values of one column, a row each. */
  column(name: C): Float64Array {
    return this.columns[name];
  }

  /** Rows `start` to `end` (exclusive): views of the same columns, nothing copied. */
  slice(start: number, end: number): ListedRows<C> {
    const from = Math.max(0, Math.min(start, this.length));
    const to = Math.max(from, Math.min(end, this.length));
    return new ListedRows(
      to - from,
      this.map((c) => c.subarray(from, to)),
    );
  }

  /** These rows, then `other`'s. */
  concat(other: ListedRows<C>): ListedRows<C> {
    if (other.length === 0) return this;
    if (this.length === 0) return other;
    return new ListedRows(
      this.length + other.length,
      this.map((c, name) => {
        const joined = new Float64Array(this.length + other.length);
        joined.set(c);
        joined.set(other.columns[name], this.length);
        return joined;
      }),
    );
  }

  /**
   * The rows of `parts`, each already in the order `before` gives, merged in that
   * order and cut to `limit`: one pass over each part, as far as the limit reaches.
   * `before(x, y)(a, b)` is negative when row `a` of `x` comes before row `b` of `y`.
   */
  static merge<C extends string>(parts: readonly ListedRows<C>[], limit: number, before: Order<C>): ListedRows<C> {
    const [first, ...rest] = parts;
    if (!first) throw new Error('no rows to merge');
    return rest.reduce((merged, part) => merged.mergeWith(part, limit, before), first.slice(0, limit));
  }

  private mergeWith(other: ListedRows<C>, limit: number, before: Order<C>): ListedRows<C> {
    if (other.length === 0) return this;
    const otherFirst = before(other, this);
    const n = Math.min(limit, this.length + other.length);
    // Which side each merged row comes from, and its index there.
    const fromOther = new Uint8Array(n);
    const index = new Uint32Array(n);
    let i = 0;
    let j = 0;
    for (let k = 0; k < n; k++) {
      const takeOther = i >= this.length || (j < other.length && otherFirst(j, i) < 0);
      fromOther[k] = takeOther ? 1 : 0;
      index[k] = takeOther ? j++ : i++;
    }
    return new ListedRows(
      n,
      this.map((c, name) => {
        const o = other.columns[name];
        const out = new Float64Array(n);
        for (let k = 0; k < n; k++) out[k] = fromOther[k] ? o[index[k]!]! : c[index[k]!]!;
        return out;
      }),
    );
  }

  private map(f: (column: Float64Array, name: C) => Float64Array): Record<C, Float64Array> {
    const out = {} as Record<C, Float64Array>;
    for (const name of Object.keys(this.columns) as C[]) out[name] = f(this.columns[name], name);
    return out;
  }
}

/** Rows as one array of numbers (as `packInto` writes them): `length` values of each named column in turn. */
export interface PackedRows<C extends string> {
  names: C[];
  length: number;
  values: Float64Array;
}

/** The order of rows: `before(x, y)(a, b)` is negative when row `a` of `x` comes before row `b` of `y`. */
export type Order<C extends string> = (x: ListedRows<C>, y: ListedRows<C>) => (a: number, b: number) => number;

/** A column value read back as the row objects hold it: NULL (NaN here) as null. */
export const orNull = (n: number): number | null => (Number.isNaN(n) ? null : n);
