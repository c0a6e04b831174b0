import type { Database } from '../../store/duckdb.js';
import type { TradeCatalogue } from '../catalogue.js';
import { exportersIn } from '../advantage.js';
import { Bindings, table } from '../sql.js';
import type { YearExports } from './measures.js';

/** The product levels complexity is computed at: HS6 codes summed to their 4-digit headings, or HS6 codes. */
export const COMPLEXITY_LEVELS = ['hs4', 'hs6'] as const;
export type ComplexityLevel = (typeof COMPLEXITY_LEVELS)[number];

/**
 * Every exporter's exports of each product in `year`, in USD, at `level` (HS6 flows
 * summed to their heading for `hs4`): the exporters whose flows of the year are in
 * `edition` (as for advantage), read whole from the exporter × product aggregate.
 */
export async function readYearExports(
  db: Database,
  catalogue: TradeCatalogue,
  q: { year: number; edition: number; level: ComplexityLevel },
): Promise<YearExports> {
  const b = new Bindings();
  const exporters = exportersIn(catalogue, q.year, q.edition);
  const list = exporters.length ? exporters.map((id) => b.bind(id)).join(', ') : 'NULL';
  const product = q.level === 'hs4' ? '(hs6 // 100)' : 'hs6';
  const [countries, products, values] = await db.queryNumbers(
    `SELECT exporter, ${product} AS product, sum(value)::DOUBLE AS value FROM ${table('agg_exporter_hs6')}
     WHERE year = ${b.bind(q.year)} AND exporter IN (${list}) GROUP BY ALL`,
    b.values,
  );
  return { countries: Int32Array.from(countries!), products: Int32Array.from(products!), values: values! };
}
