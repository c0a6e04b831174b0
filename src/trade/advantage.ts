import type { Database } from '../store/duckdb.js';
import type { Fields } from '../store/rows.js';
import type { TradeCatalogue } from './catalogue.js';
import { Bindings, table } from './sql.js';

/** One product of a country's revealed comparative advantage. */
export interface AdvantageRow {
  hs6: number;
  /** The country's exports of the product (x_cp) and all exporters' (x_wp), in USD. */
  value: number;
  world: number;
  /** x_cp / x_c and x_wp / x_w. */
  share: number;
  world_share: number;
  rca: number;
}

const ADVANTAGE_FIELDS: Fields<AdvantageRow> = {
  hs6: true,
  value: true,
  world: true,
  share: true,
  world_share: true,
  rca: true,
};

export interface AdvantageQuery {
  /** The country (the members of a group count as one exporter). */
  countries: number[];
  year: number;
  /** The HS edition whose flows count: exporters that reported that year in another are left out. */
  edition: number;
  limit: number;
  /** USD: products the country exports less of are left out (after the shares are computed). */
  minValue: number;
}

/** The exporters whose flows of `year` were reported in `edition`. */
export function exportersIn(catalogue: TradeCatalogue, year: number, edition: number): number[] {
  return catalogue.countries.map((c) => c.id).filter((id) => catalogue.annualEdition(id, year) === edition);
}

/**
 * Balassa's revealed comparative advantage of a country's exports in a year:
 * RCA = (x_cp / x_c) / (x_wp / x_w), with x_w and x_wp over every exporter of the
 * edition in that year; by RCA descending, then code.
 */
export async function revealedAdvantage(
  db: Database,
  catalogue: TradeCatalogue,
  q: AdvantageQuery,
): Promise<AdvantageRow[]> {
  const b = new Bindings();
  const list = (ids: number[]) => (ids.length ? ids.map((id) => b.bind(id)).join(', ') : 'NULL');
  const year = b.bind(q.year);
  const exporters = list(exportersIn(catalogue, q.year, q.edition));
  const countries = list(q.countries);
  const sql = `
    WITH f AS (SELECT exporter, hs6, value FROM ${table('agg_exporter_hs6')}
               WHERE year = ${year} AND exporter IN (${exporters})),
         w AS (SELECT hs6, sum(value) AS world FROM f GROUP BY hs6),
         tw AS (SELECT sum(value) AS total FROM f),
         c AS (SELECT hs6, sum(value) AS value FROM f WHERE exporter IN (${countries}) GROUP BY hs6),
         tc AS (SELECT sum(value) AS total FROM c)
    SELECT c.hs6, c.value, w.world, c.value / tc.total AS share, w.world / tw.total AS world_share,
           (c.value / tc.total) / (w.world / tw.total) AS rca
    FROM c JOIN w USING (hs6), tc, tw
    WHERE c.value > 0 AND c.value >= ${b.bindDouble(q.minValue)}
    ORDER BY rca DESC, c.hs6 LIMIT ${b.bind(q.limit)}`;
  return db.query(sql, ADVANTAGE_FIELDS, b.values);
}

/** The latest year the country exported anything; undefined when it never did. */
export async function latestExportYear(db: Database, countries: number[]): Promise<number | undefined> {
  if (countries.length === 0) return undefined;
  const b = new Bindings();
  const ids = countries.map((id) => b.bind(id)).join(', ');
  const [row] = await db.query<{ year: number | null }>(
    `SELECT max(year)::INTEGER AS year FROM ${table('agg_exporter_hs6')} WHERE exporter IN (${ids})`,
    { year: true },
    b.values,
  );
  return row?.year ?? undefined;
}
