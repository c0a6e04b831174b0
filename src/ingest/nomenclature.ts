import type { DuckDBConnection } from '@duckdb/node-api';
import { PREVIOUS_ALIAS, buildSnapshot, type BuildSettings } from '../store/builder.js';
import { NOMENCLATURE_FILE } from '../store/snapshot-layout.js';
import { CONCORDANCE_DDL, PRODUCTS_DDL, writeProducts } from '../trade/file-format/index.js';
import type { HsConversion, HsCorrelation } from './adapters/hs-concordance.js';
import { writeEditionFiles, type EditionReport } from './trade-editions.js';
import type { NomenclatureProduct } from './adapters/hs.js';
import { ensureEconomics } from './economics.js';
import { IngestError, refuseTooManyBadRows } from './errors.js';
import type { BadRow } from './types.js';
import { readRows } from '../store/rows.js';
import { tableNames } from '../store/duckdb.js';

export interface NomenclatureReport {
  snapshot: string;
  /** HS6 codes per edition in the published nomenclature, loaded and kept. */
  editions: Array<{ hs_version: number; codes: number; loaded: boolean }>;
  /** Conversion tables in the published nomenclature (later edition to earlier), loaded and kept. */
  conversions: Array<{ from_version: number; to_version: number; codes: number; loaded: boolean }>;
  /** The flows of the trade file in each edition a conversion table serves (see `trade-editions.ts`). */
  flowEditions: EditionReport[];
  carried: string[];
}

/** What the HS adapters read: nomenclatures, and UNSD conversion and correlation tables. */
export interface NomenclatureInput {
  products: NomenclatureProduct[];
  conversions?: HsConversion[];
  correlations?: HsCorrelation[];
  /** The first bad rows (all of them, unless `badRowCount` says there are more). */
  badRows: BadRow[];
  /** All bad rows, when only the first are kept. */
  badRowCount?: number;
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
  const tables = { conversions: input.conversions ?? [], correlations: input.correlations ?? [] };
  refuseTooManyBadRows(badRows, opts.maxBadRows, input.badRowCount ?? badRows.length);
  if (products.length === 0 && tables.conversions.length === 0)
    throw new IngestError('no HS6 code and no conversion found: nothing was changed', badRows);
  const keys = new Set(products.map((p) => `${p.hs_version}:${p.hs6}`));
  if (keys.size !== products.length) {
    throw new IngestError('duplicate HS6 codes within one edition: nothing was loaded', badRows);
  }
  const { name, carried, written } = await buildSnapshot(dataDir, {
    replaces: [NOMENCLATURE_FILE],
    settings: opts.settings,
    write: async (build) => {
      const write = async (conn: DuckDBConnection, old: string | undefined) => ({
        editions: await writeNomenclature(conn, products, old),
        conversions: await writeConcordance(conn, tables, old),
      });
      const nomenclature = await build.writeFile(NOMENCLATURE_FILE, write, { attachPrevious: PREVIOUS_ALIAS });
      const flowEditions = await writeEditionFiles(build);
      await ensureEconomics(build);
      return { ...nomenclature, flowEditions };
    },
  });
  return { snapshot: name, ...written, carried };
}

/** Appends pairs of codes to a concordance table, with their relationship where they have one. */
async function appendPairs(
  conn: DuckDBConnection,
  table: 'hs_conversions' | 'hs_correlations',
  rows: Array<HsConversion & { relationship?: string }>,
): Promise<void> {
  const app = await conn.createAppender(table);
  for (const r of rows) {
    app.appendSmallInt(r.from_version);
    app.appendInteger(r.from_hs6);
    app.appendSmallInt(r.to_version);
    app.appendInteger(r.to_hs6);
    if (r.relationship !== undefined) app.appendVarchar(r.relationship);
    app.endRow();
  }
  app.closeSync();
}

/**
 * Writes the conversion and correlation tables given, then the serving
 * nomenclature's (`old`) for the pairs of editions they do not carry.
 */
async function writeConcordance(
  conn: DuckDBConnection,
  tables: { conversions: HsConversion[]; correlations: HsCorrelation[] },
  old: string | undefined,
): Promise<NomenclatureReport['conversions']> {
  await conn.run(CONCORDANCE_DDL);
  const pairOf = (r: HsConversion) => `${r.from_version}:${r.to_version}`;
  const loaded = [...new Set([...tables.conversions, ...tables.correlations].map(pairOf))];
  await appendPairs(conn, 'hs_conversions', tables.conversions);
  await appendPairs(conn, 'hs_correlations', tables.correlations);
  if (old && (await tableNames(conn, old)).has('hs_conversions')) {
    const kept = `(from_version || ':' || to_version) NOT IN (${loaded.map((p) => `'${p}'`).join(', ') || "''"})`;
    await conn.run(`INSERT INTO hs_conversions SELECT * FROM ${old}.hs_conversions WHERE ${kept}`);
    await conn.run(`INSERT INTO hs_correlations SELECT * FROM ${old}.hs_correlations WHERE ${kept}`);
  }
  const rows = await conn.runAndReadAll(
    `SELECT from_version, to_version, count(*)::INTEGER AS codes FROM hs_conversions GROUP BY ALL ORDER BY ALL`,
  );
  return readRows(rows, ['from_version', 'to_version', 'codes']).map((r) => ({
    from_version: Number(r.from_version),
    to_version: Number(r.to_version),
    codes: Number(r.codes),
    loaded: loaded.includes(`${Number(r.from_version)}:${Number(r.to_version)}`),
  }));
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
      WHERE hs_version NOT IN (${[0, ...loaded].join(', ')}) ORDER BY hs_version, hs6`);
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
