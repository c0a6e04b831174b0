import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { Database } from '../src/store/duckdb.js';

const dir = mkdtempSync(path.join(tmpdir(), 'econtrade-duckdb-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function emptyFile(name: string): Promise<string> {
  const file = path.join(dir, name);
  const instance = await DuckDBInstance.create(file);
  const conn = await instance.connect();
  await conn.run('CREATE TABLE t AS SELECT 1 AS x');
  conn.closeSync();
  instance.closeSync();
  return file;
}

describe('DuckDB connection pool', () => {
  it('closing while a query runs interrupts it, and never blocks the process', async () => {
    const db = await Database.open({
      attach: { a: await emptyFile('a.duckdb') },
      connections: 2,
      queryTimeoutMs: 60_000,
    });
    // Long enough to still run when the pool closes (minutes, uninterrupted).
    const running = db.queryColumns('SELECT sum(hash(range)) FROM range(100000000000)').then(
      () => 'finished',
      (err: Error) => err.message,
    );
    await new Promise((r) => setTimeout(r, 300));
    const closedAt = Date.now();
    db.close();
    // The event loop still turns right after close: a timer fires on time.
    const timerLag = await new Promise<number>((r) => {
      const due = Date.now() + 20;
      setTimeout(() => r(Date.now() - due), 20);
    });
    assert.ok(timerLag < 1_000, `a timer fired ${timerLag} ms late: close blocked the event loop`);
    assert.match(await running, /interrupt/i);
    assert.ok(Date.now() - closedAt < 10_000, 'the running query was interrupted, not awaited');
    await assert.rejects(db.query('SELECT 1'), /closed/);
  });

  it('refuses queries waiting for a connection when it closes', async () => {
    const db = await Database.open({
      attach: { b: await emptyFile('b.duckdb') },
      connections: 2,
      queryTimeoutMs: 60_000,
    });
    const slow = 'SELECT sum(hash(range)) FROM range(100000000000)';
    const first = db.query(slow).then(
      () => 'finished',
      (err: Error) => err.message,
    );
    const queued = db.query('SELECT 1 AS one').then(
      () => 'answered',
      (err: Error) => err.message,
    );
    await new Promise((r) => setTimeout(r, 200));
    db.close();
    assert.match(await queued, /closed/);
    assert.match(await first, /interrupt/i);
  });
});
