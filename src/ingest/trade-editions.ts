import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import path from 'node:path';
import type { SnapshotBuild } from '../store/builder.js';
import { attachReadOnly, tableNames } from '../store/duckdb.js';
import { NOMENCLATURE_FILE, TRADE_FILE, editionFile } from '../store/snapshot-layout.js';
import { readRows } from '../store/rows.js';
import { DEFAULT_HS_EDITION } from '../trade/catalogue.js';
import { codeIn, conversionJoin, flowEdition } from '../trade/flow-editions.js';
import { createTradeFile, deriveTradeTables } from '../trade/file-format/index.js';

/** Flows of one edition file: reported in the edition, converted to it, and left out. */
export interface EditionReport {
  hs_version: number;
  /** Flows reported in the edition itself. */
  own: number;
  /** Flows of a later edition, converted. */
  converted: number;
  /** Flows of an earlier edition (no split is invented), left out. */
  earlier: number;
  /** Flows of a later edition whose code has no conversion to this one, left out. */
  unconverted: number;
}

/** The flows of `granularity` in the trade file `src`, with their edition (`ed`) and their code in `v` (`to_hs6`). */
function converted(granularity: 'annual' | 'monthly', v: number, hasEditions: boolean): string {
  const { edition, join } = flowEdition(granularity, { schema: 'src', hasEditions });
  const copy = granularity === 'annual' ? 'annual_by_year' : 'monthly_by_month';
  return `SELECT f.*, ${edition} AS ed, ${codeIn(v, edition)} AS to_hs6
    FROM src.${copy} f ${join} ${conversionJoin(v, edition, 'nom')}`;
}

/** Runs `fn` on a connection of a DuckDB instance in memory, closed after. */
async function inMemory<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
  const instance = await DuckDBInstance.create(':memory:');
  try {
    const conn = await instance.connect();
    try {
      return await fn(conn);
    } finally {
      conn.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

/** The numbers a query's column `v` holds, in its rows' order. */
async function numbers(conn: DuckDBConnection, sql: string): Promise<number[]> {
  return readRows(await conn.runAndReadAll(sql), ['v']).map((r) => Number(r.v));
}

/**
 * The HS editions the trade file `src` has flows in, from its `editions` table and,
 * for flows without a row there, the default: read from the pair aggregates (an
 * exporter-year, a declaring country-month), not from the flows themselves.
 */
async function reportedEditions(conn: DuckDBConnection, hasEditions: boolean): Promise<number[]> {
  if (!hasEditions) return [DEFAULT_HS_EDITION];
  const lacks = (granularity: string, country: string, period: string) =>
    `NOT EXISTS (SELECT 1 FROM src.editions e WHERE e.granularity = '${granularity}'
                 AND e.country = p.${country} AND e.period = p.${period})`;
  return numbers(
    conn,
    `SELECT DISTINCT hs_version AS v FROM src.editions
     UNION SELECT ${DEFAULT_HS_EDITION} WHERE
       EXISTS (SELECT 1 FROM src.agg_pair p WHERE ${lacks('annual', 'exporter', 'year')})
       OR EXISTS (SELECT 1 FROM src.magg_pair p WHERE (p.n_exporter > 0 AND ${lacks('monthly', 'exporter', 'month')})
                  OR (p.n_importer > 0 AND ${lacks('monthly', 'importer', 'month')}))`,
  );
}

/**
 * Writes one edition file: the trade file's countries, sources and flows, each flow
 * under its code in edition `v` (as reported when reported in it, through the UNSD
 * conversion when reported in a later one); flows of an earlier edition, and those
 * whose code has no conversion, are left out and counted. Flows of one exporter,
 * importer and period whose codes convert to one code are merged into one flow (their
 * values and quantities summed): a listing in the edition has one row per key, and a
 * flow count counts converted flows.
 */
async function writeEdition(conn: DuckDBConnection, v: number, hasEditions: boolean): Promise<EditionReport> {
  await createTradeFile(conn);
  const srcTables = await tableNames(conn, 'src');
  await conn.run('INSERT INTO countries SELECT * FROM src.countries');
  // A file without sources (the sample's) is known by that: its edition file has none either.
  await conn.run(srcTables.has('sources') ? 'INSERT INTO sources SELECT * FROM src.sources' : 'DROP TABLE sources');
  const annual = converted('annual', v, hasEditions);
  const monthly = converted('monthly', v, hasEditions);
  // A quantity is summed only where every merged flow has one (else a unit value would mix).
  const qty = (q: string) => `CASE WHEN count(${q}) = count(*) THEN sum(${q}) END`;
  await conn.run(`INSERT INTO annual SELECT exporter, importer, to_hs6, year, sum(value), ${qty('qty')}
    FROM (${annual}) WHERE to_hs6 IS NOT NULL GROUP BY exporter, importer, to_hs6, year`);
  await conn.run(`INSERT INTO monthly SELECT exporter, importer, to_hs6, month,
      sum(value_exp), CASE WHEN count(qty_exp) = count(value_exp) THEN sum(qty_exp) END,
      sum(value_imp), CASE WHEN count(qty_imp) = count(value_imp) THEN sum(qty_imp) END
    FROM (${monthly}) WHERE to_hs6 IS NOT NULL GROUP BY exporter, importer, to_hs6, month`);
  // The codes of the edition the flows use: named by the trade file or the nomenclature, else by the code.
  await conn.run(`INSERT INTO products
    SELECT codes.hs6, ${v}, coalesce(t.name, n.name, 'HS ${v} ' || lpad(codes.hs6::VARCHAR, 6, '0')),
           coalesce(t.chapter_name, n.chapter_name), coalesce(t.heading_name, n.heading_name)
    FROM (SELECT DISTINCT hs6 FROM annual UNION SELECT DISTINCT hs6 FROM monthly) codes
    LEFT JOIN src.products t ON t.hs_version = ${v} AND t.hs6 = codes.hs6
    LEFT JOIN nom.products n ON n.hs_version = ${v} AND n.hs6 = codes.hs6
    ORDER BY codes.hs6`);
  await conn.run(`INSERT INTO editions
    SELECT 'annual', exporter, year, ${v}, NULL FROM annual GROUP BY ALL
    UNION ALL SELECT 'monthly', country, month, ${v}, NULL FROM (
      SELECT exporter AS country, month FROM monthly WHERE value_exp IS NOT NULL
      UNION SELECT importer, month FROM monthly WHERE value_imp IS NOT NULL)`);
  await conn.run(`CREATE TABLE edition_report AS
    SELECT ${v}::SMALLINT AS hs_version,
           count(*) FILTER (WHERE ed = ${v}) AS own,
           count(*) FILTER (WHERE ed > ${v} AND to_hs6 IS NOT NULL) AS converted,
           count(*) FILTER (WHERE ed < ${v}) AS earlier,
           count(*) FILTER (WHERE ed > ${v} AND to_hs6 IS NULL) AS unconverted
    FROM (SELECT ed, to_hs6 FROM (${annual}) UNION ALL SELECT ed, to_hs6 FROM (${monthly}))`);
  const fields = ['own', 'converted', 'earlier', 'unconverted'] as const;
  const [row] = readRows(await conn.runAndReadAll(`SELECT ${fields.join(', ')} FROM edition_report`), fields);
  const [own, conv, earlier, unconverted] = fields.map((f) => Number(row![f]));
  await deriveTradeTables(conn);
  return { hs_version: v, own: own!, converted: conv!, earlier: earlier!, unconverted: unconverted! };
}

/**
 * Writes an edition file for each HS edition the nomenclature has a conversion table
 * for, unless every flow is already reported in it (then the trade file itself
 * answers in that edition). Called by every build that writes the trade or the
 * nomenclature file, once both are in the new snapshot; without either, nothing.
 */
export async function writeEditionFiles(build: SnapshotBuild): Promise<EditionReport[]> {
  if (!build.has(TRADE_FILE) || !build.has(NOMENCLATURE_FILE)) return [];
  const attach = async (conn: DuckDBConnection) => {
    await attachReadOnly(conn, path.join(build.dir, TRADE_FILE), 'src');
    await attachReadOnly(conn, path.join(build.dir, NOMENCLATURE_FILE), 'nom');
  };
  const plan = await inMemory(async (conn) => {
    await attach(conn);
    const nomTables = await tableNames(conn, 'nom');
    if (!nomTables.has('hs_conversions')) return undefined;
    const hasEditions = (await tableNames(conn, 'src')).has('editions');
    const targets = await numbers(
      conn,
      `SELECT DISTINCT v FROM (SELECT from_version AS v FROM nom.hs_conversions
       UNION SELECT to_version FROM nom.hs_conversions) ORDER BY v`,
    );
    const reported = await reportedEditions(conn, hasEditions);
    return { hasEditions, targets: targets.filter((v) => reported.some((r) => r !== v)) };
  });
  if (!plan) return [];
  const reports: EditionReport[] = [];
  for (const v of plan.targets) {
    reports.push(
      await build.writeFile(editionFile(v), async (conn) => {
        await attach(conn);
        return writeEdition(conn, v, plan.hasEditions);
      }),
    );
  }
  return reports;
}
