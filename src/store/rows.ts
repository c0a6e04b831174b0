import type { DuckDBResultReader, Json } from '@duckdb/node-api';

/** The keys of T's optional fields. */
type OptionalKeys<T> = { [K in keyof T]-?: Record<never, never> extends Pick<T, K> ? K : never }[keyof T];

/**
 * The fields of a row type `T`: `true` for each field a row must have, `false` for
 * an optional one (a column some queries have). An object literal that misses a
 * field of T, or names one T lacks, does not type-check. Rows read as T are checked
 * against it at run time, once per result (no work per row).
 */
export type Fields<T> = { readonly [K in keyof T]-?: K extends OptionalKeys<T> ? false : true };

/** The names of the fields every row must have. */
export function requiredFields(fields: Record<string, boolean>): string[] {
  return Object.keys(fields).filter((name) => fields[name]);
}

/** Throws, naming them, unless every one of `fields` is among a result's `columns`. */
export function checkColumns(columns: readonly string[], fields: readonly string[]): void {
  const missing = fields.filter((f) => !columns.includes(f));
  if (missing.length === 0) return;
  throw new Error(
    `the query's result has no column ${missing.join(', ')} (its columns: ${columns.join(', ') || 'none'})`,
  );
}

/** A row of the columns named, as JSON values (numbers, text, BIGINT as text, dates as `YYYY-MM-DD`). */
export type JsonRow<F extends string> = { readonly [K in F]: Json };

/** A read result's rows as objects of the columns `fields` names, once the result is checked to have them. */
export function readRows<const F extends readonly string[]>(
  result: DuckDBResultReader,
  fields: F,
): Array<JsonRow<F[number]>> {
  checkColumns(result.columnNames(), fields);
  // The check above is what ties these objects to the fields.
  return result.getRowObjectsJson() as Array<JsonRow<F[number]>>;
}

/** A value that must be text (a VARCHAR that is never NULL); throws, naming `field`, for anything else. */
export function textOf(value: Json, field: string): string {
  if (typeof value !== 'string') throw new Error(`${field} is ${JSON.stringify(value)}, not text`);
  return value;
}

/** The number in `field` of a read result's first row (a count, a sum). */
export function readNumber(result: DuckDBResultReader, field: string): number {
  const [row] = readRows(result, [field]);
  if (!row) throw new Error(`the query's result has no row to read ${field} from`);
  return Number(row[field]);
}
