import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DuckDBInstance } from '@duckdb/node-api';
import { checkColumns, readNumber, readRows, textOf } from './rows.js';

describe('typed rows', () => {
  it('reads the named columns of a result, and refuses a result that lacks one, naming it', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    try {
      const result = await conn.runAndReadAll("SELECT '01' AS code, 'Live animals' AS description, 2 AS level");
      const [row] = readRows(result, ['code', 'description', 'level']);
      assert.deepEqual(row, { code: '01', description: 'Live animals', level: 2 });
      assert.equal(textOf(row!.code, 'code'), '01');
      assert.throws(() => textOf(row!.level, 'level'), /level is 2, not text/);
      assert.throws(
        () => readRows(result, ['code', 'name']),
        /has no column name \(its columns: code, description, level\)/,
      );
      assert.equal(readNumber(await conn.runAndReadAll('SELECT count(*) AS n FROM range(3)'), 'n'), 3);
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  });

  it('checks only the fields every row must have', () => {
    assert.doesNotThrow(() => checkColumns(['value', 'n'], ['value', 'n']));
    assert.throws(() => checkColumns(['value'], ['value', 'n', 'qty']), /has no column n, qty/);
  });
});
