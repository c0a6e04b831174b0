import { DuckDBInstance } from '@duckdb/node-api';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { ECONOMICS_FILE, NOMENCLATURE_FILE, TRADE_FILE, createSnapshotDir, publishSnapshot, readCurrentName, snapshotsDir } from '../store/snapshot.js';
import type { NomenclatureProduct } from './adapters/hs.js';
import { IngestError, carryOver } from './economics.js';
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
      const app = await conn.createAppender('products');
      for (const p of [...products].sort((a, b) => a.hs6 - b.hs6)) {
        app.appendInteger(p.hs6);
        app.appendSmallInt(p.hs_version);
        app.appendVarchar(p.name);
        if (p.chapter_name) app.appendVarchar(p.chapter_name);
        else app.appendNull();
        if (p.heading_name) app.appendVarchar(p.heading_name);
        else app.appendNull();
        app.endRow();
      }
      app.closeSync();
      await conn.run('CHECKPOINT');
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
    carryOver(currentDir, dir, ECONOMICS_FILE);
    carryOver(currentDir, dir, TRADE_FILE);
    await publishSnapshot(dataDir, name);
    return { snapshot: name, products: products.length };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}
