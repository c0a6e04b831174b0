import type { DuckDBConnection } from '@duckdb/node-api';
import { readNumber } from '../store/rows.js';

// What a DuckDB database holds, asked of it: a count, whether a column exists (tables: `tableNames`).

/** The first value of the first row of `sql` as a number; 0 without a row. */
export async function scalar(conn: DuckDBConnection, sql: string): Promise<number> {
  const row = (await conn.runAndReadAll(sql)).getRowObjectsJson()[0];
  return Number(row ? Object.values(row)[0] : 0);
}

/** Whether `database.table` has `column` (`table.column`). */
export async function hasColumn(conn: DuckDBConnection, database: string, column: string) {
  const [table, name] = column.split('.');
  const r = await conn.runAndReadAll(
    `SELECT count(*)::INTEGER AS n FROM duckdb_columns()
     WHERE database_name = $1 AND table_name = $2 AND column_name = $3`,
    [database, table!, name!],
  );
  return readNumber(r, 'n') > 0;
}
