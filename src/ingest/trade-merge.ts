import type { DuckDBConnection } from '@duckdb/node-api';
import { hasColumn } from './inspect.js';
import type { TradeSourceId } from './trade-sources.js';
import { readRows, textOf } from '../store/rows.js';

/**
 * The earlier ingests' rows the input does not replace, moved to the new ids (the
 * list may have grown in between), and their products. The input replaces the
 * exporter-years it holds and, for each year it holds, every exporter-year that
 * its source loaded before (a new release of a year drops an exporter the former
 * one had); and the monthly flows it holds.
 */
export async function mergeKeptRows(conn: DuckDBConnection, old: string, source: TradeSourceId): Promise<void> {
  await conn.run(`CREATE TEMP TABLE idmap AS
    SELECT o.id AS old_id, n.id AS new_id FROM ${old}.countries o JOIN countries n USING (iso2)`);
  const bySource = (await hasColumn(conn, old, 'editions.source'))
    ? `UNION SELECT x.country, x.period FROM ${old}.editions x WHERE x.granularity = 'annual' AND x.source = $1
        AND x.period IN (SELECT DISTINCT year FROM temp.incoming)`
    : '';
  // Old ids: a country of the old list keeps its iso2, so idmap is one-to-one.
  await conn.run(
    `CREATE TEMP TABLE replaced AS
      SELECT DISTINCT m.old_id AS exporter, i.year FROM temp.incoming i JOIN temp.idmap m ON i.exporter = m.new_id
      ${bySource}`,
    bySource ? [source] : [],
  );
  await conn.run(`INSERT INTO annual
    SELECT e.new_id, i.new_id, a.hs6, a.year, a.value, a.qty
    FROM ${old}.annual_by_year a
    JOIN temp.idmap e ON a.exporter = e.old_id JOIN temp.idmap i ON a.importer = i.old_id
    WHERE (a.exporter, a.year) NOT IN (SELECT exporter, year FROM temp.replaced)`);
  await conn.run(`INSERT INTO monthly
    SELECT e.new_id, i.new_id, m.hs6, m.month, m.value_exp, m.qty_exp, m.value_imp, m.qty_imp
    FROM ${old}.monthly_by_month m
    JOIN temp.idmap e ON m.exporter = e.old_id JOIN temp.idmap i ON m.importer = i.old_id
    WHERE (e.new_id, i.new_id, m.hs6, m.month) NOT IN
      (SELECT exporter, importer, hs6, month FROM temp.incoming_monthly)`);
  await conn.run(`INSERT OR IGNORE INTO products
    SELECT hs6, hs_version, name, chapter_name, heading_name FROM ${old}.products`);
}

/**
 * Whether the new file's base tables hold exactly what the serving one's do: the
 * rows of every table, partners by their codes (ids may differ), compared by count
 * and an order-free sum of row hashes.
 */
export async function sameContent(conn: DuckDBConnection, old: string): Promise<boolean> {
  // The new file's base tables; a published file keeps its rows in the copies led by the period.
  const digest = async (db: string, [annualTable, monthlyTable]: [string, string]) => {
    const annual = `(SELECT e.iso2 AS e, i.iso2 AS i, a.hs6, a.year, a.value, a.qty FROM ${db}.${annualTable} a
      JOIN ${db}.countries e ON a.exporter = e.id JOIN ${db}.countries i ON a.importer = i.id)`;
    const monthly = `(SELECT e.iso2 AS e, i.iso2 AS i, m.hs6, m.month, m.value_exp, m.qty_exp, m.value_imp, m.qty_imp
      FROM ${db}.${monthlyTable} m
      JOIN ${db}.countries e ON m.exporter = e.id JOIN ${db}.countries i ON m.importer = i.id)`;
    const editions = `(SELECT x.granularity, c.iso2, x.period, x.hs_version FROM ${db}.editions x
      JOIN ${db}.countries c ON x.country = c.id)`;
    const sources = `(SELECT c.iso2, s.source_name FROM ${db}.sources s JOIN ${db}.countries c ON s.country = c.id)`;
    const parts = [
      annual,
      monthly,
      editions,
      sources,
      `${db}.products`,
      `(SELECT * EXCLUDE (id) FROM ${db}.countries)`,
    ];
    const sums = parts.map((t) => `(SELECT count(*) || ':' || coalesce(sum(hash(r))::HUGEINT, 0) FROM ${t} r)`);
    const [row] = readRows(await conn.runAndReadAll(`SELECT ${sums.join(" || '/' || ")} AS d`), ['d']);
    return textOf(row!.d, 'the digest');
  };
  const current = await digest(old, ['annual_by_year', 'monthly_by_month']);
  return (await digest('main', ['annual', 'monthly'])) === current;
}
