import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Database } from '../src/store/duckdb.js';
import { warmCopies } from '../src/trade/warm-copies.js';
import { answerOf, closeServed, serveInProcess, type Served } from './helpers/in-process.js';
import { provideSample } from './helpers/sample.js';

/** Bytes in a database's buffers: of table blocks only, or of everything (as the budget counts them). */
async function tableBytes(db: Database, tag: 'BASE_TABLE' | 'all' = 'BASE_TABLE'): Promise<number> {
  const [row] = await db.query(
    'SELECT coalesce(sum(memory_usage_bytes), 0)::DOUBLE AS bytes FROM duckdb_memory()' +
      (tag === 'all' ? '' : " WHERE tag = 'BASE_TABLE'"),
  );
  return Number(row!.bytes);
}

describe('the sorted copies read into the buffers when a snapshot opens', () => {
  let dataDir: string;
  let served: Served;
  before(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-test-'));
    await provideSample(dataDir);
    served = await serveInProcess(dataDir, { listingFiles: false });
  });
  after(async () => {
    await closeServed(served);
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A database of its own over the snapshot's files, with empty buffers. */
  const fresh = () => served.store.current!.db.aside('1GB');

  it('reads the copies a listing leads with, in order, into the buffers', async () => {
    const db = await fresh();
    try {
      const before = await tableBytes(db);
      const warmed = await warmCopies(db);
      assert.deepEqual(warmed.slice(0, 5), [
        'annual_by_exporter',
        'annual_by_importer',
        'annual_by_year',
        'annual_by_hs6',
        'annual_by_pair',
      ]);
      assert.ok(warmed.includes('monthly_by_month'), warmed.join());
      const grown = (await tableBytes(db)) - before;
      // At least the six columns of each annual copy's rows (a byte each, compressed).
      const [rows] = await db.query('SELECT count(*)::DOUBLE AS n FROM trade.annual_by_pair');
      assert.ok(grown > 5 * 6 * Number(rows!.n) * 0.5, `buffers grew by ${grown} bytes`);
    } finally {
      db.close();
    }
  });

  it('stops once the buffers hold the budget, and reads nothing beyond a budget of none', async () => {
    const db = await fresh();
    try {
      assert.deepEqual(await warmCopies(db, 0), []);
      const [tables, all] = [await tableBytes(db), await tableBytes(db, 'all')];
      const [first] = await warmCopies(db, all + 1);
      assert.equal(first, undefined, 'the first copy is not read whole past a budget it exceeds');
      assert.ok((await tableBytes(db)) > tables, 'read up to the budget');
    } finally {
      db.close();
    }
  });

  it('answers the same listings once the serving database has read its copies', async () => {
    const db = served.store.current!.db;
    const paths = ['/v1/trade?reporter=DE&partner=FR', '/v1/trade?product=87&limit=50', '/v1/trade?from=2019&to=2020'];
    const before = await Promise.all(paths.map(async (p) => JSON.stringify((await answerOf(served, p)).body.data)));
    await warmCopies(db);
    const after = await Promise.all(paths.map(async (p) => JSON.stringify((await answerOf(served, p)).body.data)));
    assert.deepEqual(after, before);
    assert.ok(before.every((b) => b.length > 2));
  });

  it('reads them by itself when a snapshot opens, unless WARM_COPIES is off', async () => {
    const [rows] = await served.store.current!.db.query('SELECT count(*)::DOUBLE AS n FROM trade.annual_by_pair');
    // One annual copy alone (the pair-led one has as many rows as each): its six columns, half a byte a value at least.
    const oneCopy = 6 * Number(rows!.n) * 0.5;
    const held = async (warmCopies: boolean, atLeast: number) => {
      const s = await serveInProcess(dataDir, { listingFiles: false, warmCopies });
      try {
        const db = s.store.current!.db;
        // What else the opening reads (the sums held in memory) settles in this time too.
        for (let i = 0; i < 40 && (await tableBytes(db)) < atLeast; i++) await new Promise((r) => setTimeout(r, 50));
        return await tableBytes(db);
      } finally {
        await closeServed(s);
      }
    };
    const without = await held(false, Infinity);
    const warmed = await held(true, without + oneCopy);
    assert.ok(warmed >= without + oneCopy, `${warmed} bytes against ${without} with WARM_COPIES off`);
  });
});
