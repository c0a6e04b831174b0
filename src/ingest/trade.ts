import type { DuckDBConnection } from '@duckdb/node-api';
import { mkdir, rm } from 'node:fs/promises';
import { buildSnapshot, type BuildSettings } from '../store/builder.js';
import { attachReadOnly } from '../store/duckdb.js';
import { Progress } from '../store/progress.js';
import { NOMENCLATURE_FILE, TRADE_FILE } from '../store/snapshot-layout.js';
import { duckdbTempDir } from '../store/spill.js';
import { tradeCountryList } from '../reference/countries.js';
import { HS_PRODUCTS } from '../reference/hs.js';
import { TRADE_DDL, deriveTradeTables, writeProducts } from '../trade/tables.js';
import type { AreaRef } from './areas.js';
import { ensureEconomics } from './economics.js';
import { IngestError, refuseTooManyBadRows } from './errors.js';
import { PRODUCTS_DDL } from './nomenclature.js';
import { isIngested, markIngested } from './origin.js';
import { STAGING_DDL, type Staged, type TradeInput } from './staging.js';
import type { Provenance } from './types.js';
import { DEFAULT_HS_EDITION } from '../trade/catalogue.js';

/**
 * The HS edition flows were reported in, and the source that loaded them. An
 * ingest loads one edition and replaces whole exporter-years of annual flows, so an
 * annual edition is one per (exporter, year); a monthly one is per declaring
 * country and month (`country` is the exporter for its own declarations, the
 * importer for its own). `source` (a `TRADE_SOURCES` key; null in files written
 * before it was kept) lets a release replace whole years of its own source.
 */
const EDITIONS_DDL = `CREATE TABLE editions (
  granularity VARCHAR NOT NULL CHECK (granularity IN ('annual', 'monthly')),
  country SMALLINT NOT NULL,
  period SMALLINT NOT NULL,
  hs_version SMALLINT NOT NULL,
  source VARCHAR,
  PRIMARY KEY (granularity, country, period)
)`;

/** Alias of the serving snapshot's file of the same name while a file is written. */
const OLD = 'old';

async function scalar(conn: DuckDBConnection, sql: string): Promise<number> {
  const row = (await conn.runAndReadAll(sql)).getRowObjectsJson()[0];
  return Number(row ? Object.values(row)[0] : 0);
}

/** Whether `database.table` has `column` (`table.column`). */
async function hasColumn(conn: DuckDBConnection, database: string, column: string) {
  const [table, name] = column.split('.');
  const r = await conn.runAndReadAll(
    `SELECT count(*)::INTEGER AS n FROM duckdb_columns()
     WHERE database_name = $1 AND table_name = $2 AND column_name = $3`,
    [database, table!, name!],
  );
  return Number(r.getRowObjectsJson()[0]!.n) > 0;
}

async function hasTable(conn: DuckDBConnection, database: string, table: string): Promise<boolean> {
  const r = await conn.runAndReadAll(
    'SELECT count(*)::INTEGER AS n FROM duckdb_tables() WHERE database_name = $1 AND table_name = $2',
    [database, table],
  );
  return Number(r.getRowObjectsJson()[0]!.n) > 0;
}

/** Phases of a trade ingest and their shares of its time (reading and the derived tables dominate). */
const TRADE_INGEST_PHASES = [
  ['read flows', 30],
  ['number partners and check keys', 5],
  ['merge kept rows', 10],
  ['sorted copies and aggregates', 45],
  ['checkpoint', 5],
  ['publish', 5],
] as const;

export interface TradeIngestReport {
  /** The published snapshot; the serving one when nothing changed. */
  snapshot: string;
  /** Whether the input held exactly what the serving snapshot holds for it: nothing was published. */
  unchanged: boolean;
  flows: number;
  monthly: number;
  hsVersion: number;
  badRowCount: number;
  /** Codes of the batch's edition that neither the trade file nor the nomenclature names. */
  unknownCodes: number[];
  /** Partners the default country list lacks (areas without an ISO code, former countries …), as served. */
  addedCountries: AreaRef[];
  carried: string[];
}

/** Where each trade adapter's figures come from. */
export const TRADE_SOURCES = {
  baci: {
    source_name: 'CEPII BACI',
    source_url: 'https://www.cepii.fr/CEPII/en/bdd_modele/bdd_modele_item.asp?id=37',
    license_id: 'etalab-2.0',
    attribution_text: 'CEPII BACI (Gaulier and Zignago, 2010), reconciled from UN Comtrade declarations.',
  },
  comtrade: {
    source_name: 'UN Comtrade',
    source_url: 'https://comtradeplus.un.org/',
    license_id: 'UN-Comtrade-terms',
    attribution_text: 'United Nations Comtrade Database, United Nations Statistics Division.',
  },
} as const satisfies Record<string, Provenance>;

export type TradeSourceId = keyof typeof TRADE_SOURCES;

export interface TradeIngestOptions {
  /** More bad rows than this and nothing is loaded. */
  maxBadRows: number;
  source: TradeSourceId;
  /** Hears what the adapter staged (bad rows, codes not loaded) before anything is loaded. */
  onStaged?: (staged: Staged) => void;
  settings?: BuildSettings;
}

/** The serving snapshot already holds exactly this input: the build is dropped. */
class NothingChanged extends Error {
  constructor(
    readonly snapshot: string,
    readonly written: TradeWritten,
  ) {
    super('nothing changed');
  }
}

/**
 * Publishes a snapshot whose trade data are the input's annual flows and monthly
 * declarations (plus, when the serving trade data are already ingested, their
 * earlier rows except the exporter-years and monthly flows the input covers). Real
 * data replaces the generated sample and never mixes with it.
 *
 * The adapter stages its rows in the file being written (DuckDB spills them past
 * its memory limit); a input with more bad rows than allowed, or none to load, is
 * refused there and nothing is published. Every row staged is loaded: the country
 * list grows by the partners the input names beyond it (ids stay in ISO2 order;
 * kept rows are renumbered). Flows keep their HS edition (the `editions` table).
 * Codes no product list names in that edition are added with a note and reported.
 * Every other file of the serving snapshot is carried over. An input that changes
 * nothing (the same release again) publishes nothing.
 */
export async function ingestTrade(
  dataDir: string,
  input: TradeInput,
  opts: TradeIngestOptions,
): Promise<TradeIngestReport> {
  const progress = new Progress('trade ingest', TRADE_INGEST_PHASES);
  const scratchDir = await duckdbTempDir(dataDir, 'unpacked');
  await mkdir(scratchDir, { recursive: true });
  try {
    const { name, carried, written } = await buildSnapshot(dataDir, {
      replaces: [TRADE_FILE],
      progress,
      settings: opts.settings,
      write: async (build) => {
        const nomenclature = build.previousFile(NOMENCLATURE_FILE);
        const write = (conn: DuckDBConnection, old: string | undefined) =>
          writeTrade(conn, { input, opts, old, nomenclature, progress, scratchDir, serving: build.base });
        const trade = await build.writeFile(TRADE_FILE, write, { attachPrevious: OLD });
        progress.phase('publish');
        await ensureEconomics(build);
        return trade;
      },
    });
    progress.done(written.flows + written.monthly);
    return { snapshot: name, unchanged: false, ...written, carried };
  } catch (err) {
    if (!(err instanceof NothingChanged)) throw err;
    progress.stop();
    return { ...err.written, snapshot: err.snapshot, unchanged: true, carried: [] };
  } finally {
    await rm(scratchDir, { recursive: true, force: true });
  }
}

interface TradeWrite {
  input: TradeInput;
  opts: TradeIngestOptions;
  /** Alias of the serving snapshot's trade file when it holds ingested data to keep. */
  old: string | undefined;
  /** The serving snapshot's nomenclature file, when it has one. */
  nomenclature: string | undefined;
  progress: Progress;
  scratchDir: string;
  /** The serving snapshot's name, if any. */
  serving: string | undefined;
}

type TradeWritten = Omit<TradeIngestReport, 'snapshot' | 'unchanged' | 'carried'>;

/** Writes the new trade file: countries, the input's flows, the kept ones, then the derived tables. */
async function writeTrade(conn: DuckDBConnection, w: TradeWrite): Promise<TradeWritten> {
  const { progress } = w;
  progress.phase('read flows');
  await createTradeTables(conn);
  await conn.run(STAGING_DDL);
  const staged = await w.input.stage(conn, { progress, scratchDir: w.scratchDir });
  w.opts.onStaged?.(staged);
  const rows = await checkStaged(conn, staged, w.opts.maxBadRows);
  progress.phase('number partners and check keys', rows.flows + rows.monthly);
  // Ingested data are kept and added to; a generated sample is replaced, never mixed with.
  const old = w.old && (await isIngested(conn, w.old)) ? w.old : undefined;
  const { countries, added } = await countryList(conn, staged, old);
  await writeCountries(conn, countries);
  await numberStaged(conn);

  await refuseDuplicateKeys(conn);

  progress.phase('merge kept rows');
  if (old) await mergeKeptRows(conn, old, w.opts.source);
  else await writeBundledProducts(conn);
  await conn.run('INSERT INTO annual SELECT * FROM temp.incoming');
  await conn.run('INSERT INTO monthly SELECT * FROM temp.incoming_monthly');
  await writeEditions(conn, { edition: staged.hsVersion, source: w.opts.source }, old);
  await writeSources(conn, TRADE_SOURCES[w.opts.source], old);
  const unknownCodes = await nameUnknownCodes(conn, staged.hsVersion, w.nomenclature);
  // Reporters: exporters of annual flows (BACI lists flows by exporter) and the declaring sides of monthly ones.
  await conn.run(`UPDATE countries SET is_reporter = true WHERE id IN (
    SELECT exporter FROM annual UNION SELECT exporter FROM monthly WHERE value_exp IS NOT NULL
    UNION SELECT importer FROM monthly WHERE value_imp IS NOT NULL)`);
  const written = {
    ...rows,
    hsVersion: staged.hsVersion,
    badRowCount: staged.badRowCount,
    unknownCodes,
    addedCountries: added,
  };
  if (old && w.serving && (await sameContent(conn, old))) throw new NothingChanged(w.serving, written);

  progress.phase('sorted copies and aggregates');
  await deriveTradeTables(conn, (done, total) => progress.share(done / total));
  progress.phase('checkpoint');
  return written;
}

/** Refuses what cannot be loaded whole: too many bad rows, no row at all, an edition that is no year. */
async function checkStaged(conn: DuckDBConnection, staged: Staged, maxBadRows: number) {
  refuseTooManyBadRows(staged.badRows, maxBadRows, staged.badRowCount);
  const flows = await scalar(conn, 'SELECT count(*) FROM temp.staged_annual');
  const monthly = await scalar(conn, 'SELECT count(*) FROM temp.staged_monthly');
  if (flows + monthly === 0) throw new IngestError('no flow could be loaded: nothing was changed', staged.badRows);
  const edition = staged.hsVersion;
  // The edition reaches SQL text as a number: it must be a plausible year.
  if (!Number.isInteger(edition) || edition < 1988 || edition > 2100) {
    throw new IngestError(`HS edition ${edition} is not a year`);
  }
  return { flows, monthly };
}

async function createTradeTables(conn: DuckDBConnection): Promise<void> {
  await conn.run(TRADE_DDL);
  // An ingested file lists products per HS edition (the sample's list has one edition).
  await conn.run('DROP TABLE products');
  await conn.run(PRODUCTS_DDL);
  await conn.run(EDITIONS_DDL);
  await markIngested(conn);
}

/**
 * Countries: the ISO list, the partners kept from earlier ingests (`old`), those the
 * staged rows name; sorted by ISO2. `added`: the staged partners beyond the other two.
 */
async function countryList(
  conn: DuckDBConnection,
  staged: Staged,
  old: string | undefined,
): Promise<{ countries: AreaRef[]; added: AreaRef[] }> {
  const list = new Map<string, AreaRef>(
    tradeCountryList().map((c) => [c.iso2, { iso2: c.iso2, iso3: c.iso3, name: c.name, region: c.region }]),
  );
  if (old) {
    const kept = await conn.runAndReadAll(`SELECT iso2, iso3, name, region FROM ${old}.countries`);
    for (const { iso2, iso3, name, region } of kept.getRowObjectsJson()) {
      // VARCHAR columns: strings, or null where the column allows it (iso3, region).
      if (typeof iso2 !== 'string' || list.has(iso2)) continue;
      const text = (v: unknown) => (typeof v === 'string' ? v : null);
      list.set(iso2, { iso2, iso3: text(iso3), name: text(name) ?? iso2, region: text(region) });
    }
  }
  const usedRows = await conn.runAndReadAll(`SELECT DISTINCT code FROM (
      SELECT exporter AS code FROM temp.staged_annual UNION SELECT importer FROM temp.staged_annual
      UNION SELECT exporter FROM temp.staged_monthly UNION SELECT importer FROM temp.staged_monthly) ORDER BY code`);
  const used = usedRows.getRows().map(([code]) => code as string);
  const added: AreaRef[] = [];
  for (const iso2 of used) {
    const ref = staged.countries.get(iso2);
    if (ref && !list.has(iso2)) {
      list.set(iso2, ref);
      added.push(ref);
    }
  }
  const missing = used.filter((c) => !list.has(c));
  if (missing.length) {
    throw new IngestError(`flows name partners no country list describes (${missing.join(', ')}): nothing was loaded`);
  }
  return { countries: [...list.values()].sort((a, b) => (a.iso2 < b.iso2 ? -1 : 1)), added };
}

/** Writes the countries table: ids 1… in ISO2 order, none a reporter yet. */
async function writeCountries(conn: DuckDBConnection, countries: AreaRef[]): Promise<void> {
  const app = await conn.createAppender('countries');
  countries.forEach((c, k) => {
    app.appendSmallInt(k + 1);
    app.appendVarchar(c.iso2);
    if (c.iso3) app.appendVarchar(c.iso3);
    else app.appendNull();
    app.appendVarchar(c.name);
    if (c.region) app.appendVarchar(c.region);
    else app.appendNull();
    app.appendBoolean(false);
    app.endRow();
  });
  app.closeSync();
}

/** Moves the staged rows to `temp.incoming` and `temp.incoming_monthly`, partners by their ids. */
async function numberStaged(conn: DuckDBConnection): Promise<void> {
  await conn.run(`CREATE TEMP TABLE incoming AS
    SELECT e.id AS exporter, i.id AS importer, s.hs6, s.year, s.value, s.qty
    FROM temp.staged_annual s JOIN countries e ON e.iso2 = s.exporter JOIN countries i ON i.iso2 = s.importer`);
  await conn.run(`CREATE TEMP TABLE incoming_monthly AS
    SELECT e.id AS exporter, i.id AS importer, s.hs6, s.month, s.value_exp, s.qty_exp, s.value_imp, s.qty_imp
    FROM temp.staged_monthly s JOIN countries e ON e.iso2 = s.exporter JOIN countries i ON i.iso2 = s.importer`);
  await conn.run('DROP TABLE temp.staged_annual');
  await conn.run('DROP TABLE temp.staged_monthly');
}

/**
 * Refuses duplicate annual keys, one year at a time (a year of a release is some
 * 11 M rows: the set of its keys fits the memory limit, or spills). A key packs into
 * one integer: ids are SMALLINTs (16 bits each), HS6 codes below 2^20.
 */
async function refuseDuplicateKeys(conn: DuckDBConnection): Promise<void> {
  const years = await conn.runAndReadAll('SELECT DISTINCT year FROM temp.incoming ORDER BY year');
  let dup = 0;
  for (const { year } of years.getRowObjectsJson()) {
    dup += await scalar(
      conn,
      `SELECT count(*) - count(DISTINCT (exporter::BIGINT << 36) | (importer::BIGINT << 20) | hs6::BIGINT)
       FROM temp.incoming WHERE year = ${Number(year)}`,
    );
  }
  if (dup > 0) throw new IngestError(`${dup} duplicate (exporter, importer, product, year) keys: nothing was loaded`);
}

/**
 * The earlier ingests' rows the input does not replace, moved to the new ids (the
 * list may have grown in between), and their products. The input replaces the
 * exporter-years it holds and, for each year it holds, every exporter-year that
 * its source loaded before (a new release of a year drops an exporter the former
 * one had); and the monthly flows it holds.
 */
async function mergeKeptRows(conn: DuckDBConnection, old: string, source: TradeSourceId): Promise<void> {
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

/** The first ingest's product names: the bundled list, in the default edition. */
async function writeBundledProducts(conn: DuckDBConnection): Promise<void> {
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

/** The batch's edition for what it covers; earlier editions for what it keeps. */
async function writeEditions(
  conn: DuckDBConnection,
  loaded: { edition: number; source: TradeSourceId },
  old: string | undefined,
): Promise<void> {
  const { edition } = loaded;
  await conn.run(
    `INSERT INTO editions
    SELECT DISTINCT 'annual', exporter, year, ${edition}, $1 FROM temp.incoming
    UNION SELECT DISTINCT 'monthly', exporter, month, ${edition}, $1 FROM temp.incoming_monthly
      WHERE value_exp IS NOT NULL
    UNION SELECT DISTINCT 'monthly', importer, month, ${edition}, $1 FROM temp.incoming_monthly
      WHERE value_imp IS NOT NULL`,
    [loaded.source],
  );
  if (old && (await hasTable(conn, old, 'editions'))) {
    const source = (await hasColumn(conn, old, 'editions.source')) ? 'e.source' : 'NULL';
    // Not those of the exporter-years the input replaced (their rows are gone).
    await conn.run(`INSERT OR IGNORE INTO editions
      SELECT e.granularity, m.new_id, e.period, e.hs_version, ${source}
      FROM ${old}.editions e JOIN temp.idmap m ON e.country = m.old_id
      WHERE e.granularity = 'monthly' OR (e.country, e.period) NOT IN (SELECT exporter, year FROM temp.replaced)`);
  }
}

/**
 * Sources: the batch's for the countries whose declarations it loads (the
 * reporters' rule); earlier ones stay listed for the figures they may still hold.
 */
async function writeSources(conn: DuckDBConnection, p: Provenance, old: string | undefined): Promise<void> {
  await conn.run(
    `INSERT INTO sources SELECT country, $1, $2, $3, $4 FROM (
      SELECT exporter AS country FROM temp.incoming
      UNION SELECT exporter FROM temp.incoming_monthly WHERE value_exp IS NOT NULL
      UNION SELECT importer FROM temp.incoming_monthly WHERE value_imp IS NOT NULL)`,
    [p.source_name, p.source_url, p.license_id, p.attribution_text],
  );
  if (old && (await hasTable(conn, old, 'sources'))) {
    await conn.run(`INSERT OR IGNORE INTO sources
      SELECT m.new_id, s.source_name, s.source_url, s.license_id, s.attribution_text
      FROM ${old}.sources s JOIN temp.idmap m ON s.country = m.old_id`);
  }
}

/**
 * Codes of the batch that no product list (the trade file's, the serving
 * nomenclature's) names in the batch's edition: kept, named as such, reported.
 */
async function nameUnknownCodes(
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
  return rows.getRowObjectsJson().map((r) => Number(r.hs6));
}

/**
 * Whether the new file's base tables hold exactly what the serving one's do: the
 * rows of every table, partners by their codes (ids may differ), compared by count
 * and an order-free sum of row hashes.
 */
async function sameContent(conn: DuckDBConnection, old: string): Promise<boolean> {
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
    const row = await conn.runAndReadAll(`SELECT ${sums.join(" || '/' || ")} AS d`);
    return row.getRows()[0]![0] as string;
  };
  const current = await digest(old, ['annual_by_year', 'monthly_by_month']);
  return (await digest('main', ['annual', 'monthly'])) === current;
}
