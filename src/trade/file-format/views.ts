import type { Database } from '../../store/duckdb.js';

// The views that let a trade file written before a sorted copy existed answer the
// queries that read that copy: what the queries name is a view over the file's own
// tables (the table names they read are in `sql.ts`).

/**
 * The view the queries read as the pair-led copy of the annual facts: that copy, or
 * in a file written before it existed the exporter-led one, whose rows of one pair
 * come in the same order (only more of them are read).
 */
async function pairCopyView(db: Database, schema: string, hasCopy: boolean): Promise<void> {
  const source = `${schema}.annual_by_${hasCopy ? 'pair' : 'exporter'}`;
  await db.query(`CREATE OR REPLACE VIEW annual_by_pair AS SELECT * FROM ${source}`);
}

/** The views the queries read as the copies a file written before them lacks. */
export async function copyViews(db: Database, schema: string, tables: Set<string>): Promise<void> {
  await pairCopyView(db, schema, tables.has('annual_by_pair'));
  await countryYearViews(db, schema, tables);
}

/**
 * The views the queries read as the copies led by a country then the year. A file
 * written before them has the country-led copies only: sorted by year within the
 * country when it predates the pair-led copy too, by product first since. A view
 * that sorts keeps the order the listings read in stored order (DuckDB pushes the
 * country filter below the sort).
 */
async function countryYearViews(db: Database, schema: string, tables: Set<string>): Promise<void> {
  for (const [side, other] of [
    ['exporter', 'importer'],
    ['importer', 'exporter'],
  ] as const) {
    const own = `annual_by_${side}_year`;
    const select = tables.has(own)
      ? `SELECT * FROM ${schema}.${own}`
      : tables.has('annual_by_pair')
        ? `SELECT * FROM ${schema}.annual_by_${side} ORDER BY ${side}, year, value DESC, ${other}, hs6`
        : `SELECT * FROM ${schema}.annual_by_${side}`;
    await db.query(`CREATE OR REPLACE VIEW ${own} AS ${select}`);
  }
}
