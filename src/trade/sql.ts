/**
 * The trade queries' SQL is built from fixed fragments and from identifiers taken
 * from the allow-lists below; every value (ids, codes, periods, limits, a page's last
 * trade value) is bound as a parameter. Nothing a client sends can reach the SQL text.
 */

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

/** Physical tables of the trade file, by name. */
export const TABLES = {
  annual_by_exporter: 'trade.annual_by_exporter',
  annual_by_importer: 'trade.annual_by_importer',
  annual_by_hs6: 'trade.annual_by_hs6',
  annual_by_year: 'trade.annual_by_year',
  // A view in the instance's own schema: the pair-led copy, or the exporter-led one where
  // a snapshot written before it has none (see `pairCopyView`).
  annual_by_pair: 'annual_by_pair',
  // Views in the instance's own schema too: the copies led by a country then the year,
  // or their rows in that order where a snapshot written before has none (see
  // `countryYearViews`).
  annual_by_exporter_year: 'annual_by_exporter_year',
  annual_by_importer_year: 'annual_by_importer_year',
  agg_pair: 'trade.agg_pair',
  agg_hs6: 'trade.agg_hs6',
  agg_exporter_hs6: 'trade.agg_exporter_hs6',
  agg_hs6_exporter: 'trade.agg_hs6_exporter',
  agg_importer_hs6: 'trade.agg_importer_hs6',
  agg_hs6_importer: 'trade.agg_hs6_importer',
  monthly_by_exporter: 'trade.monthly_by_exporter',
  monthly_by_importer: 'trade.monthly_by_importer',
  monthly_by_hs6: 'trade.monthly_by_hs6',
  monthly_by_month: 'trade.monthly_by_month',
  magg_pair: 'trade.magg_pair',
  magg_exporter: 'trade.magg_exporter',
  magg_importer: 'trade.magg_importer',
  magg_month: 'trade.magg_month',
  magg_hs6: 'trade.magg_hs6',
  magg_exporter_hs6: 'trade.magg_exporter_hs6',
  magg_importer_hs6: 'trade.magg_importer_hs6',
} as const;
export type TableName = keyof typeof TABLES;

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
  if (!Object.hasOwn(TABLES, name)) throw new TypeError(`not a trade table: ${name}`);
  return TABLES[name as TableName];
}
