import { QUERIED_TABLES } from './file-format/index.js';

/**
 * The trade queries' SQL is built from fixed fragments and from identifiers taken
 * from the allow-lists below; every value (ids, codes, periods, limits, a page's last
 * trade value) is bound as a parameter. Nothing a client sends can reach the SQL text.
 */

/** The WHERE clause of `conds` (all must hold); empty without any. */
export const where = (conds: string[]) => (conds.length ? `WHERE ${conds.join(' AND ')}` : '');

/** Values bound to one query, in placeholder order. */
export class Bindings {
  readonly values: number[] = [];

  /** The placeholder of an integer value (ids, HS codes, periods and limits are integers). */
  bind(value: number): string {
    if (!Number.isSafeInteger(value)) throw new TypeError(`a trade query value must be a safe integer, got ${value}`);
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /**
   * The placeholder of a DOUBLE value (a page's last trade value). Within the safe
   * integer range the client binds every number without overflow; the cast keeps an
   * integral value from being compared as an integer.
   */
  bindDouble(value: number): string {
    if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER)
      throw new TypeError(`a trade query value must be a finite number within the safe range, got ${value}`);
    this.values.push(value);
    return `$${this.values.length}::DOUBLE`;
  }
}

/**
 * Copies the queries read through a view in the serving instance's own schema (see
 * `copyViews` in file-format/views.ts), so that a file written before these copies existed
 * is read through the copy that stands in for them.
 */
const VIEWED_COPIES = new Set(['annual_by_pair', 'annual_by_exporter_year', 'annual_by_importer_year']);

/** The tables the queries read, by name: in the attached trade file, or a view of the instance. */
const TABLES: ReadonlyMap<string, string> = new Map(
  QUERIED_TABLES.map((name) => [name, VIEWED_COPIES.has(name) ? name : `trade.${name}`]),
);

/** Columns a query may filter, group or sort on. */
export const COLUMNS = ['exporter', 'importer', 'hs6', 'year', 'month'] as const;
export type Column = (typeof COLUMNS)[number];

/** An allow-listed column name; throws for anything else, whatever the caller's types said. */
export function column(name: string): Column {
  if (!(COLUMNS as readonly string[]).includes(name)) throw new TypeError(`not a trade column: ${name}`);
  return name as Column;
}

/** An allow-listed table; throws for anything else. */
export function table(name: string): string {
  const found = TABLES.get(name);
  if (found === undefined) throw new TypeError(`not a trade table: ${name}`);
  return found;
}
