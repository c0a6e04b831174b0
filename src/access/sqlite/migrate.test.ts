import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openSqlite } from './driver.js';
import { migrateSqlite } from './migrate.js';

describe('SQLite state migrations', () => {
  it('the usage ledger is an append-only log: no index to insert into, rows kept in order across the migration', () => {
    const db = openSqlite(':memory:');
    try {
      migrateSqlite(db);
      assert.deepEqual(db.prepare('PRAGMA index_list(usage_ledger)').all(), []);
      const insert = db.prepare(
        'INSERT INTO usage_ledger (request_id, key_id, period, operation, credits, created_at) ' +
          'VALUES (?, ?, ?, ?, ?, ?)',
      );
      insert.run('r1', 'k1', '2026-11', '/v1/countries', 1, '2026-11-26T00:00:00.000Z');
      insert.run('r2', 'k1', '2026-11', '/v1/countries', 1, '2026-11-26T00:00:01.000Z');
      assert.deepEqual(db.prepare('SELECT request_id FROM usage_ledger ORDER BY rowid').pluck().all(), ['r1', 'r2']);
      assert.deepEqual(migrateSqlite(db), [], 'a second run applies nothing');
    } finally {
      db.close();
    }
  });

  it('a ledger written before the change keeps every row, oldest first', () => {
    const db = openSqlite(':memory:');
    try {
      // The ledger as migration 001 made it, with rows written in another order than their instants.
      db.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`);
      migrateSqlite(db);
      db.exec(`DROP TABLE usage_ledger;
        CREATE TABLE usage_ledger (request_id TEXT PRIMARY KEY, key_id TEXT NOT NULL, period TEXT NOT NULL,
          operation TEXT NOT NULL, credits INTEGER NOT NULL CHECK (credits >= 0), created_at TEXT NOT NULL);
        INSERT INTO usage_ledger VALUES ('b', 'k', '2026-11', '/v1/latest', 2, '2026-11-02T00:00:00Z');
        INSERT INTO usage_ledger VALUES ('a', 'k', '2026-11', '/v1/latest', 3, '2026-11-01T00:00:00Z');
        DELETE FROM schema_migrations WHERE version = 6;`);
      assert.deepEqual(migrateSqlite(db), [6]);
      assert.deepEqual(db.prepare('SELECT request_id, credits FROM usage_ledger ORDER BY rowid').all(), [
        { request_id: 'a', credits: 3 },
        { request_id: 'b', credits: 2 },
      ]);
      assert.deepEqual(db.prepare('PRAGMA index_list(usage_ledger)').all(), []);
    } finally {
      db.close();
    }
  });
});
