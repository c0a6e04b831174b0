import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openSqlite } from './driver.js';

describe('the embedded SQLite driver', () => {
  it('throws, rather than abort the process, when a closed database or its statements are used', () => {
    const db = openSqlite(':memory:');
    db.exec('CREATE TABLE t (n INTEGER)');
    const insert = db.prepare<[number]>('INSERT INTO t (n) VALUES (?)');
    const count = db.prepare<[], { c: number }>('SELECT count(*) AS c FROM t');
    const twice = db.transaction((n: number) => {
      insert.run(n);
      insert.run(n);
    });
    twice(1);
    assert.equal(count.get()?.c, 2);
    db.close();
    for (const use of [
      () => insert.run(2),
      () => count.get(),
      () => count.all(),
      () => twice(3),
      () => db.exec('SELECT 1'),
      () => db.prepare('SELECT 1'),
      () => db.pragma('user_version'),
    ])
      assert.throws(use, /the SQLite database is closed/);
  });
});
