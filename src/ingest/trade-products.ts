import type { DuckDBConnection } from '@duckdb/node-api';
import { attachReadOnly } from '../store/duckdb.js';
import { HS_PRODUCTS } from '../reference/hs.js';
import { DEFAULT_HS_EDITION } from '../trade/catalogue.js';
import { writeProducts } from '../trade/file-format/index.js';
import { readRows } from '../store/rows.js';

/** The first ingest's product names: the bundled list, in the default edition. */
export async function writeBundledProducts(conn: DuckDBConnection): Promise<void> {
  await writeProducts(
    conn,
    HS_PRODUCTS.map((p) => ({
      hs6: Number(p.hs6),
      hs_version: DEFAULT_HS_EDITION,
      name: p.name,
      chapter_name: p.chapterName,
      heading_name: p.headingName,
    })),
  );
}

/**
 * Codes of the batch that no product list (the trade file's, the serving
 * nomenclature's) names in the batch's edition: kept, named as such, reported.
 */
export async function nameUnknownCodes(
  conn: DuckDBConnection,
  edition: number,
  nomenclature: string | undefined,
): Promise<number[]> {
  if (nomenclature) await attachReadOnly(conn, nomenclature, 'nom');
  const fromNomenclature = nomenclature ? ` UNION SELECT hs6 FROM nom.products WHERE hs_version = ${edition}` : '';
  await conn.run(`CREATE TEMP TABLE unnamed AS
    SELECT DISTINCT hs6 FROM (SELECT hs6 FROM temp.incoming UNION SELECT hs6 FROM temp.incoming_monthly)
    WHERE hs6 NOT IN (SELECT hs6 FROM products WHERE hs_version = ${edition}${fromNomenclature}) ORDER BY hs6`);
  const rows = await conn.runAndReadAll('SELECT hs6 FROM temp.unnamed ORDER BY hs6');
  await conn.run(`INSERT INTO products
    SELECT hs6, ${edition}, 'HS ${edition} code ' || lpad(hs6::VARCHAR, 6, '0') || ' (not in the loaded nomenclature)',
      NULL, NULL
    FROM temp.unnamed`);
  return readRows(rows, ['hs6']).map((r) => Number(r.hs6));
}
