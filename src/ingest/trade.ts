import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { NOMENCLATURE_FILE, TRADE_FILE, buildDuckdbConfig, createSnapshotDir, discardSnapshot, publishSnapshot, readCurrentName, snapshotsDir } from '../store/snapshot.js';
import { Progress } from '../store/progress.js';
import { bundledProducts } from '../sample/products.js';
import { tradeCountryList } from '../trade/reference.js';
import { TRADE_DDL, deriveTradeTables, writeProducts } from '../trade/tables.js';
import type { TradeBatch } from './adapters/baci.js';
import type { NomenclatureProduct } from './adapters/hs.js';
import type { AreaRef } from './areas.js';
import { IngestError, carryOverUnchanged, ensureEconomics } from './economics.js';
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

const quote = (file: string) => `'${file.replace(/'/g, "''")}'`;

async function scalar(conn: DuckDBConnection, sql: string): Promise<number> {
  const row = (await conn.runAndReadAll(sql)).getRowObjectsJson()[0];
  return Number(row ? Object.values(row)[0] : 0);
}

async function hasTable(conn: DuckDBConnection, database: string, table: string): Promise<boolean> {
  return (await scalar(conn, `SELECT count(*) FROM duckdb_tables() WHERE database_name = '${database}' AND table_name = '${table}'`)) > 0;
}

export interface NomenclatureReport {
  snapshot: string;
  /** HS6 codes per edition in the published nomenclature, loaded and kept. */
  editions: Array<{ hs_version: number; codes: number; loaded: boolean }>;
  carried: string[];
}

/**
 * Publishes a snapshot whose nomenclature file holds `products` for the editions
 * they carry and keeps the serving nomenclature's other editions (HS 2022 and HS
 * 1992 side by side); every other file of the serving snapshot is carried over.
 */
export async function ingestNomenclature(dataDir: string, products: NomenclatureProduct[], badRows: BadRow[], maxBadRows: number): Promise<NomenclatureReport> {
  if (badRows.length > maxBadRows) throw new IngestError(`${badRows.length} bad rows, more than the ${maxBadRows} allowed: nothing was loaded`, badRows);
  if (products.length === 0) throw new IngestError('no HS6 code found: nothing was changed', badRows);
  const keys = new Set(products.map((p) => `${p.hs_version}:${p.hs6}`));
  if (keys.size !== products.length) throw new IngestError('duplicate HS6 codes within one edition: nothing was loaded', badRows);
  const loaded = [...new Set(products.map((p) => p.hs_version))].sort();
  const current = await readCurrentName(dataDir);
  const currentDir = current ? path.join(snapshotsDir(dataDir), current) : undefined;
  const { name, dir } = await createSnapshotDir(dataDir);
  try {
    const instance = await DuckDBInstance.create(path.join(dir, NOMENCLATURE_FILE), await buildDuckdbConfig(dataDir));
    const conn = await instance.connect();
    let editions: NomenclatureReport['editions'];
    try {
      await conn.run(PRODUCTS_DDL);
      await writeProducts(conn, [...products].sort((a, b) => a.hs_version - b.hs_version || a.hs6 - b.hs6));
      const previous = currentDir ? path.join(currentDir, NOMENCLATURE_FILE) : undefined;
      if (previous && existsSync(previous)) {
        await conn.run(`ATTACH ${quote(previous)} AS old (READ_ONLY)`);
        await conn.run(`INSERT INTO products SELECT hs6, hs_version, name, chapter_name, heading_name FROM old.products
          WHERE hs_version NOT IN (${loaded.join(', ')}) ORDER BY hs_version, hs6`);
        await conn.run('DETACH old');
      }
      editions = (await conn.runAndReadAll('SELECT hs_version, count(*)::INTEGER AS codes FROM products GROUP BY hs_version ORDER BY hs_version'))
        .getRowObjectsJson()
        .map((r) => ({ hs_version: Number(r.hs_version), codes: Number(r.codes), loaded: loaded.includes(Number(r.hs_version)) }));
      await conn.run('CHECKPOINT');
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
    const carried = carryOverUnchanged(currentDir, dir, [NOMENCLATURE_FILE]);
    await ensureEconomics(dir);
    await publishSnapshot(dataDir, name);
    return { snapshot: name, editions, carried };
  } catch (err) {
    await discardSnapshot(dataDir, name);
    throw err;
  }
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

export async function ingestTrade(dataDir: string, batch: TradeBatch, maxBadRows: number, source: TradeSourceId): Promise<TradeIngestReport> {
  if (batch.badRows.length > maxBadRows) throw new IngestError(`${batch.badRows.length} bad rows, more than the ${maxBadRows} allowed: nothing was loaded`, batch.badRows);
  if (batch.flows.length === 0 && !batch.monthly?.length) throw new IngestError('no flow could be loaded: nothing was changed', batch.badRows);
  const edition = batch.hsVersion;
  if (!Number.isInteger(edition) || edition < 1988 || edition > 2100) throw new IngestError(`HS edition ${edition} is not a year`);
  const current = await readCurrentName(dataDir);
  const currentDir = current ? path.join(snapshotsDir(dataDir), current) : undefined;
  const previous = currentDir && existsSync(path.join(currentDir, TRADE_FILE)) ? path.join(currentDir, TRADE_FILE) : undefined;
  const nomFile = currentDir && existsSync(path.join(currentDir, NOMENCLATURE_FILE)) ? path.join(currentDir, NOMENCLATURE_FILE) : undefined;
  const { name, dir } = await createSnapshotDir(dataDir);
  const progress = new Progress('trade ingest', TRADE_INGEST_PHASES);
  const batchRows = batch.flows.length + (batch.monthly?.length ?? 0);
  let staged = 0;
  try {
    progress.phase('stage flows');
    const instance = await DuckDBInstance.create(path.join(dir, TRADE_FILE), await buildDuckdbConfig(dataDir));
    const conn = await instance.connect();
    let unknownCodes: number[] = [];
    const added: AreaRef[] = [];
    try {
      await conn.run(TRADE_DDL);
      await conn.run('DROP TABLE products');
      await conn.run(PRODUCTS_DDL);
      await conn.run(EDITIONS_DDL);
      await conn.run("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR); INSERT INTO meta VALUES ('origin', 'ingested')");

      let keepOld = false;
      if (previous) {
        await conn.run(`ATTACH ${quote(previous)} AS old (READ_ONLY)`);
        // Ingested data are kept and added to; a generated sample is replaced, never mixed with.
        keepOld = (await hasTable(conn, 'old', 'meta')) && (await scalar(conn, "SELECT count(*) FROM old.meta WHERE key = 'origin' AND value = 'ingested'")) > 0;
      }

      // Countries: the ISO list, the partners kept from earlier ingests, those of the batch.
      const list = new Map<string, AreaRef>(tradeCountryList().map((c) => [c.iso2, { iso2: c.iso2, iso3: c.iso3, name: c.name, region: c.region }]));
      if (keepOld) {
        const old = (await conn.runAndReadAll('SELECT iso2, iso3, name, region FROM old.countries')).getRowObjectsJson();
        for (const c of old) {
          const iso2 = String(c.iso2);
          if (!list.has(iso2)) list.set(iso2, { iso2, iso3: (c.iso3 as string | null) ?? null, name: String(c.name), region: (c.region as string | null) ?? null });
        }
      }
      const used = new Set<string>();
      for (const f of batch.flows) used.add(f.exporter).add(f.importer);
      for (const m of batch.monthly ?? []) used.add(m.exporter).add(m.importer);
      for (const [iso2, ref] of batch.countries) {
        if (used.has(iso2) && !list.has(iso2)) {
          list.set(iso2, ref);
          added.push(ref);
        }
      }
      const missing = [...used].filter((c) => !list.has(c));
      if (missing.length) throw new IngestError(`flows name partners no country list describes (${missing.join(', ')}): nothing was loaded`);
      const countries = [...list.values()].sort((a, b) => (a.iso2 < b.iso2 ? -1 : 1));
      const ids = new Map(countries.map((c, k) => [c.iso2, k + 1]));
      await writeCountries(conn, countries);

      await conn.run('CREATE TEMP TABLE incoming (exporter SMALLINT, importer SMALLINT, hs6 INTEGER, year SMALLINT, value DOUBLE, qty DOUBLE)');
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
        if (++staged % 65536 === 0) progress.rows(staged, staged / batchRows);
      }
      app.closeSync();
      await conn.run('CREATE TEMP TABLE incoming_monthly (exporter SMALLINT, importer SMALLINT, hs6 INTEGER, month SMALLINT, value_exp DOUBLE, qty_exp DOUBLE, value_imp DOUBLE, qty_imp DOUBLE)');
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
        if (++staged % 65536 === 0) progress.rows(staged, staged / batchRows);
      }
      mApp.closeSync();
      const dup = await scalar(conn, 'SELECT count(*) FROM (SELECT 1 FROM temp.incoming GROUP BY exporter, importer, hs6, year HAVING count(*) > 1)');
      if (dup > 0) throw new IngestError(`${dup} duplicate (exporter, importer, product, year) keys: nothing was loaded`);

      progress.phase('merge kept rows', staged);
      if (keepOld) {
        // Kept rows move to the new ids (the list may have grown in between).
        await conn.run('CREATE TEMP TABLE idmap AS SELECT o.id AS old_id, n.id AS new_id FROM old.countries o JOIN countries n USING (iso2)');
        await conn.run(`INSERT INTO annual
          SELECT e.new_id, i.new_id, a.hs6, a.year, a.value, a.qty
          FROM old.annual a JOIN temp.idmap e ON a.exporter = e.old_id JOIN temp.idmap i ON a.importer = i.old_id
          WHERE (e.new_id, a.year) NOT IN (SELECT DISTINCT exporter, year FROM temp.incoming)`);
        await conn.run(`INSERT INTO monthly
          SELECT e.new_id, i.new_id, m.hs6, m.month, m.value_exp, m.qty_exp, m.value_imp, m.qty_imp
          FROM old.monthly m JOIN temp.idmap e ON m.exporter = e.old_id JOIN temp.idmap i ON m.importer = i.old_id
          WHERE (e.new_id, i.new_id, m.hs6, m.month) NOT IN (SELECT exporter, importer, hs6, month FROM temp.incoming_monthly)`);
        await conn.run('INSERT OR IGNORE INTO products SELECT hs6, hs_version, name, chapter_name, heading_name FROM old.products');
      } else {
        await writeProducts(conn, bundledProducts().map((p) => ({ hs6: Number(p.hs6), hs_version: DEFAULT_HS_EDITION, name: p.name, chapter_name: p.chapterName, heading_name: p.headingName })));
      }
      await conn.run('INSERT INTO annual SELECT * FROM temp.incoming');
      await conn.run('INSERT INTO monthly SELECT * FROM temp.incoming_monthly');
      const loaded = await scalar(conn, 'SELECT (SELECT count(*) FROM temp.incoming) + (SELECT count(*) FROM temp.incoming_monthly)');
      if (loaded !== batch.flows.length + (batch.monthly?.length ?? 0)) throw new IngestError(`${batch.flows.length + (batch.monthly?.length ?? 0) - loaded} flows were not staged: nothing was loaded`);

      // The batch's edition for what it covers; earlier editions for what it keeps.
      await conn.run(`INSERT INTO editions
        SELECT DISTINCT 'annual', exporter, year, ${edition} FROM temp.incoming
        UNION SELECT DISTINCT 'monthly', exporter, month, ${edition} FROM temp.incoming_monthly WHERE value_exp IS NOT NULL
        UNION SELECT DISTINCT 'monthly', importer, month, ${edition} FROM temp.incoming_monthly WHERE value_imp IS NOT NULL`);
      if (keepOld && (await hasTable(conn, 'old', 'editions'))) {
        await conn.run(`INSERT OR IGNORE INTO editions
          SELECT e.granularity, m.new_id, e.period, e.hs_version FROM old.editions e JOIN temp.idmap m ON e.country = m.old_id`);
      }
      // Sources: the batch's for the countries whose declarations it loads (the reporters'
      // rule below); earlier ones stay listed for the figures they may still hold.
      const p = TRADE_SOURCES[source];
      await conn.run(`INSERT INTO sources SELECT country, $1, $2, $3, $4 FROM (
          SELECT exporter AS country FROM temp.incoming UNION SELECT exporter FROM temp.incoming_monthly WHERE value_exp IS NOT NULL
          UNION SELECT importer FROM temp.incoming_monthly WHERE value_imp IS NOT NULL)`, [p.source_name, p.source_url, p.license_id, p.attribution_text]);
      if (keepOld && (await hasTable(conn, 'old', 'sources'))) {
        await conn.run(`INSERT OR IGNORE INTO sources
          SELECT m.new_id, s.source_name, s.source_url, s.license_id, s.attribution_text FROM old.sources s JOIN temp.idmap m ON s.country = m.old_id`);
      }
      if (previous) await conn.run('DETACH old');

      // Codes of the batch that no product list names in the batch's edition: kept, named as such, reported.
      if (nomFile) await conn.run(`ATTACH ${quote(nomFile)} AS nom (READ_ONLY)`);
      const named = `(SELECT hs6 FROM products WHERE hs_version = ${edition}${nomFile ? ` UNION SELECT hs6 FROM nom.products WHERE hs_version = ${edition}` : ''})`;
      await conn.run(`CREATE TEMP TABLE unnamed AS
        SELECT DISTINCT hs6 FROM (SELECT hs6 FROM temp.incoming UNION SELECT hs6 FROM temp.incoming_monthly)
        WHERE hs6 NOT IN ${named} ORDER BY hs6`);
      unknownCodes = (await conn.runAndReadAll('SELECT hs6 FROM temp.unnamed ORDER BY hs6')).getRowObjectsJson().map((r) => Number(r.hs6));
      await conn.run(
        `INSERT INTO products SELECT hs6, ${edition}, 'HS ${edition} code ' || lpad(hs6::VARCHAR, 6, '0') || ' (not in the loaded nomenclature)', NULL, NULL FROM temp.unnamed`,
      );
      if (nomFile) await conn.run('DETACH nom');

      // Reporters: exporters of annual flows (BACI lists flows by exporter) and the declaring sides of monthly ones.
      await conn.run(`UPDATE countries SET is_reporter = true WHERE id IN (
        SELECT exporter FROM annual UNION SELECT exporter FROM monthly WHERE value_exp IS NOT NULL
        UNION SELECT importer FROM monthly WHERE value_imp IS NOT NULL)`);
      progress.phase('sorted copies and aggregates');
      await deriveTradeTables(conn, (done, total) => progress.share(done / total));
      progress.phase('checkpoint');
      await conn.run('CHECKPOINT');
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
    progress.phase('publish');
    const carried = carryOverUnchanged(currentDir, dir, [TRADE_FILE]);
    await ensureEconomics(dir);
    await publishSnapshot(dataDir, name);
    progress.done(batchRows);
    return { snapshot: name, flows: batch.flows.length, monthly: batch.monthly?.length ?? 0, unknownCodes, addedCountries: added, carried };
  } catch (err) {
    progress.stop();
    await discardSnapshot(dataDir, name);
    throw err;
  }
}
