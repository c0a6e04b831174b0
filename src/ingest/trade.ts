import { DuckDBInstance } from '@duckdb/node-api';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { NOMENCLATURE_FILE, TRADE_FILE, createSnapshotDir, publishSnapshot, readCurrentName, snapshotsDir } from '../store/snapshot.js';
import { bundledProducts } from '../sample/products.js';
import { tradeCountryList } from '../trade/reference.js';
import { TRADE_DDL, deriveTradeTables, writeProducts, writeTradeCountries } from '../trade/tables.js';
import type { TradeBatch } from './adapters/baci.js';
import type { NomenclatureProduct } from './adapters/hs.js';
import { IngestError, carryOrCreateEconomics, carryOver } from './economics.js';
import type { BadRow } from './types.js';

/**
 * Publishes a snapshot whose HS nomenclature is `products` (written to its own
 * file); the economics and trade files of the serving snapshot are carried over.
 */
export async function ingestNomenclature(dataDir: string, products: NomenclatureProduct[], badRows: BadRow[], maxBadRows: number): Promise<{ snapshot: string; products: number }> {
  if (badRows.length > maxBadRows) throw new IngestError(`${badRows.length} bad rows, more than the ${maxBadRows} allowed: nothing was loaded`, badRows);
  if (products.length === 0) throw new IngestError('no HS6 code found: nothing was changed', badRows);
  const codes = new Set(products.map((p) => p.hs6));
  if (codes.size !== products.length) throw new IngestError('duplicate HS6 codes: nothing was loaded', badRows);
  const current = await readCurrentName(dataDir);
  const currentDir = current ? path.join(snapshotsDir(dataDir), current) : undefined;
  const { name, dir } = await createSnapshotDir(dataDir);
  try {
    const instance = await DuckDBInstance.create(path.join(dir, NOMENCLATURE_FILE));
    const conn = await instance.connect();
    try {
      await conn.run('CREATE TABLE products (hs6 INTEGER PRIMARY KEY, hs_version SMALLINT NOT NULL, name VARCHAR NOT NULL, chapter_name VARCHAR, heading_name VARCHAR)');
      await writeProducts(conn, [...products].sort((a, b) => a.hs6 - b.hs6));
      await conn.run('CHECKPOINT');
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
    await carryOrCreateEconomics(currentDir, dir);
    carryOver(currentDir, dir, TRADE_FILE);
    await publishSnapshot(dataDir, name);
    return { snapshot: name, products: products.length };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

/**
 * Publishes a snapshot whose trade data are the batch's annual flows and monthly
 * declarations (plus, when the serving trade data are already ingested, their
 * earlier rows except the exporter-years and monthly flows the batch covers). Real data replaces the generated sample and
 * never mixes with it. Every HS code is kept: codes unknown to the bundled list and
 * any loaded nomenclature are added with a note and reported.
 */
export async function ingestTrade(
  dataDir: string,
  batch: TradeBatch,
  maxBadRows: number,
): Promise<{ snapshot: string; flows: number; unknownCodes: number[] }> {
  if (batch.badRows.length > maxBadRows) throw new IngestError(`${batch.badRows.length} bad rows, more than the ${maxBadRows} allowed: nothing was loaded`, batch.badRows);
  if (batch.flows.length === 0 && !batch.monthly?.length) throw new IngestError('no flow could be loaded: nothing was changed', batch.badRows);
  const countries = tradeCountryList();
  const ids = new Map(countries.map((c, k) => [c.iso2, k + 1]));
  const current = await readCurrentName(dataDir);
  const currentDir = current ? path.join(snapshotsDir(dataDir), current) : undefined;
  const { name, dir } = await createSnapshotDir(dataDir);
  try {
    const instance = await DuckDBInstance.create(path.join(dir, TRADE_FILE));
    const conn = await instance.connect();
    let unknownCodes: number[] = [];
    try {
      await conn.run(TRADE_DDL);
      await conn.run("CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR); INSERT INTO meta VALUES ('origin', 'ingested')");
      await conn.run('CREATE TEMP TABLE incoming (exporter SMALLINT, importer SMALLINT, hs6 INTEGER, year SMALLINT, value DOUBLE, qty DOUBLE)');
      const app = await conn.createAppender('incoming', 'main', 'temp');
      for (const f of batch.flows) {
        const e = ids.get(f.exporter);
        const i = ids.get(f.importer);
        if (!e || !i) {
          batch.unmapped.set(`country ${e ? f.importer : f.exporter}`, (batch.unmapped.get(`country ${e ? f.importer : f.exporter}`) ?? 0) + 1);
          continue;
        }
        app.appendSmallInt(e);
        app.appendSmallInt(i);
        app.appendInteger(f.hs6);
        app.appendSmallInt(f.year);
        app.appendDouble(f.value);
        if (f.qty === null) app.appendNull();
        else app.appendDouble(f.qty);
        app.endRow();
      }
      app.closeSync();
      await conn.run('CREATE TEMP TABLE incoming_monthly (exporter SMALLINT, importer SMALLINT, hs6 INTEGER, month SMALLINT, value_exp DOUBLE, qty_exp DOUBLE, value_imp DOUBLE, qty_imp DOUBLE)');
      const mApp = await conn.createAppender('incoming_monthly', 'main', 'temp');
      for (const m of batch.monthly ?? []) {
        const e = ids.get(m.exporter);
        const i = ids.get(m.importer);
        if (!e || !i) continue;
        mApp.appendSmallInt(e);
        mApp.appendSmallInt(i);
        mApp.appendInteger(m.hs6);
        mApp.appendSmallInt(m.month);
        for (const v of [m.value_exp, m.qty_exp, m.value_imp, m.qty_imp]) {
          if (v === null) mApp.appendNull();
          else mApp.appendDouble(v);
        }
        mApp.endRow();
      }
      mApp.closeSync();
      const dup = (await conn.runAndReadAll('SELECT count(*)::INTEGER AS n FROM (SELECT 1 FROM temp.incoming GROUP BY exporter, importer, hs6, year HAVING count(*) > 1)')).getRowObjectsJson()[0]!;
      if (Number(dup.n) > 0) throw new IngestError(`${dup.n} duplicate (exporter, importer, product, year) keys: nothing was loaded`);

      const previous = currentDir && existsSync(path.join(currentDir, TRADE_FILE)) ? path.join(currentDir, TRADE_FILE) : undefined;
      let keepOld = false;
      if (previous) {
        await conn.run(`ATTACH '${previous.replace(/'/g, "''")}' AS old (READ_ONLY)`);
        keepOld = (await conn.runAndReadAll("SELECT count(*)::INTEGER AS n FROM duckdb_tables() WHERE database_name = 'old' AND table_name = 'meta'")).getRowObjectsJson()[0]!.n !== 0;
      }
      if (keepOld) {
        await conn.run(`INSERT INTO annual SELECT a.* FROM old.annual a
          WHERE (a.exporter, a.year) NOT IN (SELECT DISTINCT exporter, year FROM temp.incoming)`);
        await conn.run('INSERT INTO products SELECT * FROM old.products');
        await conn.run(`INSERT INTO monthly SELECT m.* FROM old.monthly m
          WHERE (m.exporter, m.importer, m.hs6, m.month) NOT IN (SELECT exporter, importer, hs6, month FROM temp.incoming_monthly)`);
      } else {
        await writeProducts(conn, bundledProducts().map((p) => ({ hs6: Number(p.hs6), hs_version: 2022, name: p.name, chapter_name: p.chapterName, heading_name: p.headingName })));
      }
      await conn.run('INSERT INTO annual SELECT * FROM temp.incoming');
      await conn.run('INSERT INTO monthly SELECT * FROM temp.incoming_monthly');
      if (previous) await conn.run('DETACH old');
      // Codes of the data that no product list knows: kept, named as such, reported.
      const nomFile = currentDir ? path.join(currentDir, NOMENCLATURE_FILE) : undefined;
      if (nomFile && existsSync(nomFile)) await conn.run(`ATTACH '${nomFile.replace(/'/g, "''")}' AS nom (READ_ONLY)`);
      const known = nomFile && existsSync(nomFile) ? '(SELECT hs6 FROM products UNION SELECT hs6 FROM nom.products)' : '(SELECT hs6 FROM products)';
      unknownCodes = (await conn.runAndReadAll(`SELECT DISTINCT hs6 FROM annual WHERE hs6 NOT IN ${known} ORDER BY hs6`)).getRowObjectsJson().map((r) => Number(r.hs6));
      await conn.run(
        `INSERT INTO products SELECT DISTINCT hs6, ${batch.hsVersion}, 'HS ${batch.hsVersion} code ' || lpad(hs6::VARCHAR, 6, '0') || ' (not in the loaded nomenclature)', NULL, NULL
         FROM annual WHERE hs6 NOT IN ${known}`,
      );
      // Reporters: exporters of annual flows (BACI lists flows by exporter) and the declaring sides of monthly ones.
      const reporters = new Set((await conn.runAndReadAll(`
        SELECT exporter AS id FROM annual UNION SELECT exporter FROM monthly WHERE value_exp IS NOT NULL
        UNION SELECT importer FROM monthly WHERE value_imp IS NOT NULL`)).getRowObjectsJson().map((r) => Number(r.id)));
      await writeTradeCountries(conn, countries, (_iso2, id) => reporters.has(id));
      await deriveTradeTables(conn);
      await conn.run('CHECKPOINT');
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
    await carryOrCreateEconomics(currentDir, dir);
    carryOver(currentDir, dir, NOMENCLATURE_FILE);
    await publishSnapshot(dataDir, name);
    return { snapshot: name, flows: batch.flows.length, unknownCodes };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
