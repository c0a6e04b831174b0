import type { DuckDBConnection } from '@duckdb/node-api';
import { PREVIOUS_ALIAS, buildSnapshot, type BuildSettings } from '../store/builder.js';
import { NOMENCLATURE_FILE } from '../store/snapshot-layout.js';
import { PRODUCTS_DDL, writeProducts } from '../trade/tables.js';
import type { NomenclatureProduct } from './adapters/hs.js';
import { ensureEconomics } from './economics.js';
import { IngestError, refuseTooManyBadRows } from './errors.js';
import type { BadRow } from './types.js';
import { readRows } from '../store/rows.js';

export interface NomenclatureReport {
  snapshot: string;
  /** HS6 codes per edition in the published nomenclature, loaded and kept. */
  editions: Array<{ hs_version: number; codes: number; loaded: boolean }>;
  carried: string[];
}

/** What the HS adapter read. */
export interface NomenclatureInput {
  products: NomenclatureProduct[];
  badRows: BadRow[];
}

/**
 * Publishes a snapshot whose nomenclature file holds `products` for the editions
 * they carry and keeps the serving nomenclature's other editions (HS 2022 and HS
 * 1992 side by side); every other file of the serving snapshot is carried over.
 */
export async function ingestNomenclature(
  dataDir: string,
  input: NomenclatureInput,
  opts: { maxBadRows: number; settings?: BuildSettings },
): Promise<NomenclatureReport> {
  const { products, badRows } = input;
  refuseTooManyBadRows(badRows, opts.maxBadRows);
  if (products.length === 0) throw new IngestError('no HS6 code found: nothing was changed', badRows);
  const keys = new Set(products.map((p) => `${p.hs_version}:${p.hs6}`));
  if (keys.size !== products.length) {
    throw new IngestError('duplicate HS6 codes within one edition: nothing was loaded', badRows);
  }
  const { name, carried, written } = await buildSnapshot(dataDir, {
    replaces: [NOMENCLATURE_FILE],
    settings: opts.settings,
    write: async (build) => {
      const write = (conn: DuckDBConnection, old: string | undefined) => writeNomenclature(conn, products, old);
      const editions = await build.writeFile(NOMENCLATURE_FILE, write, { attachPrevious: PREVIOUS_ALIAS });
      await ensureEconomics(build);
      return editions;
    },
  });
  return { snapshot: name, editions: written, carried };
}

/** Writes `products`, then the editions of the serving nomenclature (`old`) they do not carry. */
async function writeNomenclature(
  conn: DuckDBConnection,
  products: NomenclatureProduct[],
  old: string | undefined,
): Promise<NomenclatureReport['editions']> {
  const loaded = [...new Set(products.map((p) => p.hs_version))].sort();
  await conn.run(PRODUCTS_DDL);
  await writeProducts(
    conn,
    [...products].sort((a, b) => a.hs_version - b.hs_version || a.hs6 - b.hs6),
  );
  if (old) {
    await conn.run(`INSERT INTO products SELECT hs6, hs_version, name, chapter_name, heading_name FROM ${old}.products
      WHERE hs_version NOT IN (${loaded.join(', ')}) ORDER BY hs_version, hs6`);
  }
  const rows = await conn.runAndReadAll(
    'SELECT hs_version, count(*)::INTEGER AS codes FROM products GROUP BY hs_version ORDER BY hs_version',
  );
  return readRows(rows, ['hs_version', 'codes']).map((r) => ({
    hs_version: Number(r.hs_version),
    codes: Number(r.codes),
    loaded: loaded.includes(Number(r.hs_version)),
  }));
}
