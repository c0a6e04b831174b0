import type { TradeCatalogue } from './catalogue.js';
import { leadCopy, soleCountry } from './annual-listing.js';
import { leadingKey, termConditions, type TradeFilter } from './filter.js';
import { listingOrder } from './listing.js';
import { Bindings, where } from './sql.js';

/** A SQL string literal of a value the service itself produced (country codes). */
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A DuckDB list literal indexed by country id (ids start at 1): each country's ISO2 code. */
function iso2List(catalogue: TradeCatalogue): string {
  const last = catalogue.countries.reduce((m, c) => Math.max(m, c.id), 0);
  return `[${Array.from({ length: last }, (_, i) => literal(catalogue.iso2(i + 1))).join(', ')}]`;
}

/**
 * The edition of each row as SQL: a constant when every exporter-year of the
 * filter's years is in one edition, else a list indexed by exporter, then year.
 */
function editionSql(catalogue: TradeCatalogue, years: { from: number; to: number }): string {
  const ids = catalogue.countries.map((c) => c.id);
  const span = Array.from({ length: years.to - years.from + 1 }, (_, i) => years.from + i);
  const all = new Set(ids.flatMap((id) => span.map((y) => catalogue.annualEdition(id, y))));
  if (all.size <= 1) return String([...all][0] ?? catalogue.annualEdition(0, years.from));
  const last = ids.reduce((m, id) => Math.max(m, id), 0);
  const rows = Array.from(
    { length: last },
    (_, i) => `[${span.map((y) => catalogue.annualEdition(i + 1, y)).join(', ')}]`,
  );
  return `[${rows.join(', ')}][f.exporter][f.year - ${years.from} + 1]`;
}

/**
 * The query of an extract: every annual row of `filter` as `/v1/trade` gives it
 * (same fields, in its order), typed for a file: strings, INTEGER `hs_version`,
 * DOUBLE values. One term whose sorted copy is already in listing order is read in
 * stored order (no sort: rows stream as they are read); otherwise the terms' rows
 * are sorted, within DuckDB's memory limit (it spills beyond).
 */
export function extractSql(
  catalogue: TradeCatalogue,
  filter: TradeFilter,
  years: { from: number; to: number },
): { sql: string; params: number[] } {
  const b = new Bindings();
  const isoList = iso2List(catalogue);
  const columns = `${isoList}[f.exporter] AS exporter, ${isoList}[f.importer] AS importer,
    lpad(f.hs6::VARCHAR, 6, '0') AS hs6, (${editionSql(catalogue, years)})::INTEGER AS hs_version,
    printf('%04d-01-01', f.year) AS period, 'annual' AS granularity, f.value::DOUBLE AS value_usd,
    f.qty::DOUBLE AS quantity, 'kg' AS quantity_unit`;
  const parts = filter.terms.map((term) => {
    const lead = leadingKey(term, filter, true);
    const conds = termConditions(term, { products: filter.products, period: { column: 'year', ...years } }, b);
    const inOrder = lead.single || (soleCountry(term, lead.key) !== undefined && !filter.products);
    return { sql: `SELECT f.* FROM ${leadCopy(lead.key, filter)} f ${where(conds)}`, inOrder };
  });
  const [only] = parts;
  const source =
    parts.length === 1 && only!.inOrder
      ? only!.sql
      : `SELECT * FROM (${parts.map((p) => p.sql).join(' UNION ALL ')}) ${listingOrder('year')}`;
  return { sql: `SELECT ${columns} FROM (${source}) f`, params: b.values };
}
