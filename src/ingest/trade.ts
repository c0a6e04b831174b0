import type { DuckDBConnection } from '@duckdb/node-api';
import { buildSnapshot } from '../store/builder.js';
import { attachReadOnly } from '../store/duckdb.js';
import { Progress } from '../store/progress.js';
import { NOMENCLATURE_FILE, TRADE_FILE } from '../store/snapshot.js';
import { tradeCountryList } from '../reference/countries.js';
import { HS_PRODUCTS } from '../reference/hs.js';
import { TRADE_DDL, deriveTradeTables, writeProducts } from '../trade/tables.js';
import type { TradeBatch } from './adapters/baci.js';
import type { NomenclatureProduct } from './adapters/hs.js';
import type { AreaRef } from './areas.js';
import { ensureEconomics } from './economics.js';
import { IngestError, refuseTooManyBadRows } from './errors.js';
import { isIngested, markIngested } from './origin.js';
import type { BadRow, Provenance } from './types.js';
import { DEFAULT_HS_EDITION } from '../trade/catalogue.js';

/**
 * Products of an ingested trade file and of a nomenclature file: one row per code
 * and HS edition, as a code may exist in several editions (with other meanings).
 */
const PRODUCTS_DDL = `CREATE TABLE products (
  hs6 INTEGER NOT NULL,
  hs_version SMALLINT NOT NULL,
  name VARCHAR NOT NULL,
  chapter_name VARCHAR,
  heading_name VARCHAR,
  PRIMARY KEY (hs_version, hs6)
)`;

/**
 * The HS edition flows were reported in. An ingest loads one edition and replaces
 * whole exporter-years of annual flows, so an annual edition is one per (exporter,
 * year); a monthly one is per declaring country and month (`country` is the
 * exporter for its own declarations, the importer for its own).
 */
const EDITIONS_DDL = `CREATE TABLE editions (
  granularity VARCHAR NOT NULL CHECK (granularity IN ('annual', 'monthly')),
  country SMALLINT NOT NULL,
  period SMALLINT NOT NULL,
  hs_version SMALLINT NOT NULL,
  PRIMARY KEY (granularity, country, period)
)`;

/** Alias of the serving snapshot's file of the same name while a file is written. */
const OLD = 'old';

async function scalar(conn: DuckDBConnection, sql: string): Promise<number> {
  const row = (await conn.runAndReadAll(sql)).getRowObjectsJson()[0];
  return Number(row ? Object.values(row)[0] : 0);
}

async function hasTable(conn: DuckDBConnection, database: string, table: string): Promise<boolean> {
  const r = await conn.runAndReadAll(
    'SELECT count(*)::INTEGER AS n FROM duckdb_tables() WHERE database_name = $1 AND table_name = $2',
    [database, table],
  );
  return Number(r.getRowObjectsJson()[0]!.n) > 0;
}

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
  opts: { maxBadRows: number },
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
    write: async (build) => {
      const write = (conn: DuckDBConnection, old: string | undefined) => writeNomenclature(conn, products, old);
      const editions = await build.writeFile(NOMENCLATURE_FILE, write, { attachPrevious: OLD });
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
  return rows.getRowObjectsJson().map((r) => ({
    hs_version: Number(r.hs_version),
    codes: Number(r.codes),
    loaded: loaded.includes(Number(r.hs_version)),
  }));
}

/** Phases of a trade ingest and their shares of its time (the derived tables dominate). */
const TRADE_INGEST_PHASES = [
  ['stage flows', 20],
  ['merge kept rows', 15],
  ['sorted copies and aggregates', 55],
  ['checkpoint', 5],
  ['publish', 5],
] as const;

export interface TradeIngestReport {
  snapshot: string;
  flows: number;
  monthly: number;
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
}

const batchRows = (batch: TradeBatch) => batch.flows.length + (batch.monthly?.length ?? 0);

/** Refuses, before anything is written, a batch that cannot be loaded whole. */
function checkTradeBatch(batch: TradeBatch, maxBadRows: number): void {
  refuseTooManyBadRows(batch.badRows, maxBadRows);
  if (batchRows(batch) === 0) throw new IngestError('no flow could be loaded: nothing was changed', batch.badRows);
  const edition = batch.hsVersion;
  // The edition reaches SQL text as a number: it must be a plausible year.
  if (!Number.isInteger(edition) || edition < 1988 || edition > 2100) {
    throw new IngestError(`HS edition ${edition} is not a year`);
  }
}

/**
 * Publishes a snapshot whose trade data are the batch's annual flows and monthly
 * declarations (plus, when the serving trade data are already ingested, their
 * earlier rows except the exporter-years and monthly flows the batch covers). Real
 * data replaces the generated sample and never mixes with it.
 *
 * Every row of the batch is loaded: the country list grows by the partners the
 * batch names beyond it (ids stay in ISO2 order; kept rows are renumbered). Flows
 * keep their HS edition (the `editions` table). Codes no product list names in
 * that edition are added with a note and reported. Every other file of the
 * serving snapshot is carried over.
 */
export async function ingestTrade(
  dataDir: string,
  batch: TradeBatch,
  opts: TradeIngestOptions,
): Promise<TradeIngestReport> {
  checkTradeBatch(batch, opts.maxBadRows);
  const progress = new Progress('trade ingest', TRADE_INGEST_PHASES);
  const { name, carried, written } = await buildSnapshot(dataDir, {
    replaces: [TRADE_FILE],
    progress,
    write: async (build) => {
      const nomenclature = build.previousFile(NOMENCLATURE_FILE);
      const write = (conn: DuckDBConnection, old: string | undefined) =>
        writeTrade(conn, { batch, source: opts.source, old, nomenclature, progress });
      const trade = await build.writeFile(TRADE_FILE, write, { attachPrevious: OLD });
      progress.phase('publish');
      await ensureEconomics(build);
      return trade;
    },
  });
  progress.done(batchRows(batch));
  return { snapshot: name, flows: batch.flows.length, monthly: batch.monthly?.length ?? 0, ...written, carried };
}

interface TradeWrite {
  batch: TradeBatch;
  source: TradeSourceId;
  /** Alias of the serving snapshot's trade file when it holds ingested data to keep. */
  old: string | undefined;
  /** The serving snapshot's nomenclature file, when it has one. */
  nomenclature: string | undefined;
  progress: Progress;
}

type TradeWritten = Pick<TradeIngestReport, 'unknownCodes' | 'addedCountries'>;

/** Writes the new trade file: countries, the batch's flows, the kept ones, then the derived tables. */
async function writeTrade(conn: DuckDBConnection, input: TradeWrite): Promise<TradeWritten> {
  const { batch, progress } = input;
  progress.phase('stage flows');
  await createTradeTables(conn);
  // Ingested data are kept and added to; a generated sample is replaced, never mixed with.
  const old = input.old && (await isIngested(conn, input.old)) ? input.old : undefined;
  const { countries, added } = await countryList(conn, batch, old);
  await writeCountries(conn, countries);
  const ids = new Map(countries.map((c, k) => [c.iso2, k + 1]));
  const staged = await stageFlows(conn, { batch, ids, progress });

  progress.phase('merge kept rows', staged);
  if (old) await mergeKeptRows(conn, old);
  else await writeBundledProducts(conn);
  await insertStaged(conn, batch);
  await writeEditions(conn, batch.hsVersion, old);
  await writeSources(conn, TRADE_SOURCES[input.source], old);
  const unknownCodes = await nameUnknownCodes(conn, batch.hsVersion, input.nomenclature);
  // Reporters: exporters of annual flows (BACI lists flows by exporter) and the declaring sides of monthly ones.
  await conn.run(`UPDATE countries SET is_reporter = true WHERE id IN (
    SELECT exporter FROM annual UNION SELECT exporter FROM monthly WHERE value_exp IS NOT NULL
    UNION SELECT importer FROM monthly WHERE value_imp IS NOT NULL)`);

  progress.phase('sorted copies and aggregates');
  await deriveTradeTables(conn, (done, total) => progress.share(done / total));
  progress.phase('checkpoint');
  return { unknownCodes, addedCountries: added };
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
 * Countries: the ISO list, the partners kept from earlier ingests (`old`), those of
 * the batch; sorted by ISO2. `added`: the batch's partners beyond the other two.
 */
async function countryList(
  conn: DuckDBConnection,
  batch: TradeBatch,
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
  const used = new Set<string>();
  for (const f of batch.flows) used.add(f.exporter).add(f.importer);
  for (const m of batch.monthly ?? []) used.add(m.exporter).add(m.importer);
  const added: AreaRef[] = [];
  for (const [iso2, ref] of batch.countries) {
    if (used.has(iso2) && !list.has(iso2)) {
      list.set(iso2, ref);
      added.push(ref);
    }
  }
  const missing = [...used].filter((c) => !list.has(c));
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

interface Staging {
  batch: TradeBatch;
  /** Country ids by ISO2. */
  ids: Map<string, number>;
  progress: Progress;
}

/**
 * Appends the batch's flows to `temp.incoming` and `temp.incoming_monthly`; refuses
 * duplicate annual keys. Returns the rows staged.
 */
async function stageFlows(conn: DuckDBConnection, staging: Staging): Promise<number> {
  const { batch, ids, progress } = staging;
  const total = batchRows(batch);
  let staged = 0;
  const countRow = () => {
    if (++staged % 65536 === 0) progress.rows(staged, staged / total);
  };
  await conn.run(`CREATE TEMP TABLE incoming (exporter SMALLINT, importer SMALLINT, hs6 INTEGER, year SMALLINT,
    value DOUBLE, qty DOUBLE)`);
  const app = await conn.createAppender('incoming', 'main', 'temp');
  for (const f of batch.flows) {
    app.appendSmallInt(ids.get(f.exporter)!);
    app.appendSmallInt(ids.get(f.importer)!);
    app.appendInteger(f.hs6);
    app.appendSmallInt(f.year);
    app.appendDouble(f.value);
    if (f.qty === null) app.appendNull();
    else app.appendDouble(f.qty);
    app.endRow();
    countRow();
  }
  app.closeSync();
  await conn.run(`CREATE TEMP TABLE incoming_monthly (exporter SMALLINT, importer SMALLINT, hs6 INTEGER, month SMALLINT,
    value_exp DOUBLE, qty_exp DOUBLE, value_imp DOUBLE, qty_imp DOUBLE)`);
  const mApp = await conn.createAppender('incoming_monthly', 'main', 'temp');
  for (const m of batch.monthly ?? []) {
    mApp.appendSmallInt(ids.get(m.exporter)!);
    mApp.appendSmallInt(ids.get(m.importer)!);
    mApp.appendInteger(m.hs6);
    mApp.appendSmallInt(m.month);
    for (const v of [m.value_exp, m.qty_exp, m.value_imp, m.qty_imp]) {
      if (v === null) mApp.appendNull();
      else mApp.appendDouble(v);
    }
    mApp.endRow();
    countRow();
  }
  mApp.closeSync();
  const dup = await scalar(
    conn,
    'SELECT count(*) FROM (SELECT 1 FROM temp.incoming GROUP BY exporter, importer, hs6, year HAVING count(*) > 1)',
  );
  if (dup > 0) throw new IngestError(`${dup} duplicate (exporter, importer, product, year) keys: nothing was loaded`);
  return staged;
}

/** Loads the staged flows; refuses the batch when a row of it was not staged. */
async function insertStaged(conn: DuckDBConnection, batch: TradeBatch): Promise<void> {
  await conn.run('INSERT INTO annual SELECT * FROM temp.incoming');
  await conn.run('INSERT INTO monthly SELECT * FROM temp.incoming_monthly');
  const loaded = await scalar(
    conn,
    'SELECT (SELECT count(*) FROM temp.incoming) + (SELECT count(*) FROM temp.incoming_monthly)',
  );
  const missed = batchRows(batch) - loaded;
  if (missed !== 0) throw new IngestError(`${missed} flows were not staged: nothing was loaded`);
}

/**
 * The earlier ingests' rows the batch does not replace (its exporter-years and
 * monthly flows), moved to the new ids (the list may have grown in between), and
 * their products.
 */
async function mergeKeptRows(conn: DuckDBConnection, old: string): Promise<void> {
  await conn.run(`CREATE TEMP TABLE idmap AS
    SELECT o.id AS old_id, n.id AS new_id FROM ${old}.countries o JOIN countries n USING (iso2)`);
  await conn.run(`INSERT INTO annual
    SELECT e.new_id, i.new_id, a.hs6, a.year, a.value, a.qty
    FROM ${old}.annual a
    JOIN temp.idmap e ON a.exporter = e.old_id JOIN temp.idmap i ON a.importer = i.old_id
    WHERE (e.new_id, a.year) NOT IN (SELECT DISTINCT exporter, year FROM temp.incoming)`);
  await conn.run(`INSERT INTO monthly
    SELECT e.new_id, i.new_id, m.hs6, m.month, m.value_exp, m.qty_exp, m.value_imp, m.qty_imp
    FROM ${old}.monthly m
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
async function writeEditions(conn: DuckDBConnection, edition: number, old: string | undefined): Promise<void> {
  await conn.run(`INSERT INTO editions
    SELECT DISTINCT 'annual', exporter, year, ${edition} FROM temp.incoming
    UNION SELECT DISTINCT 'monthly', exporter, month, ${edition} FROM temp.incoming_monthly
      WHERE value_exp IS NOT NULL
    UNION SELECT DISTINCT 'monthly', importer, month, ${edition} FROM temp.incoming_monthly
      WHERE value_imp IS NOT NULL`);
  if (old && (await hasTable(conn, old, 'editions'))) {
    await conn.run(`INSERT OR IGNORE INTO editions
      SELECT e.granularity, m.new_id, e.period, e.hs_version
      FROM ${old}.editions e JOIN temp.idmap m ON e.country = m.old_id`);
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
