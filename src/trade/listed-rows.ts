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
   * The rows of `parts` in the order `before` gives (negative when row `a` comes
   * before row `b`, both indexes into the parts joined in turn), cut to `limit`.
   */
  static merge<C extends string>(
    parts: readonly ListedRows<C>[],
    limit: number,
    before: (rows: ListedRows<C>, a: number, b: number) => number,
  ): ListedRows<C> {
    const [first, ...rest] = parts;
    if (!first) throw new Error('no rows to merge');
    if (rest.length === 0) return first.slice(0, limit);
    const all = rest.reduce((joined, part) => joined.concat(part), first);
    const order = Array.from({ length: all.length }, (_, i) => i)
      .sort((a, b) => before(all, a, b))
      .slice(0, limit);
    return new ListedRows(
      order.length,
      all.map((c) => Float64Array.from(order, (i) => c[i]!)),
    );
  }

  private map(f: (column: Float64Array, name: C) => Float64Array): Record<C, Float64Array> {
    const out = {} as Record<C, Float64Array>;
    for (const name of Object.keys(this.columns) as C[]) out[name] = f(this.columns[name], name);
    return out;
  }
}

/** A column value read back as the row objects hold it: NULL (NaN here) as null. */
export const orNull = (n: number): number | null => (Number.isNaN(n) ? null : n);
