import type { DuckDBConnection } from '@duckdb/node-api';
import { tableNames } from '../store/duckdb.js';
import { readNumber } from '../store/rows.js';

/**
 * Every file an ingest writes says so in a `meta` table (`origin = 'ingested'`); the
 * generated sample has none. A later ingest keeps and adds to ingested data, but
 * replaces a sample: real figures never mix with generated ones.
 */
export async function markIngested(conn: DuckDBConnection): Promise<void> {
  await conn.run('CREATE TABLE meta (key VARCHAR PRIMARY KEY, value VARCHAR)');
  await conn.run("INSERT INTO meta VALUES ('origin', 'ingested')");
}

/** Whether the attached database `database` was written by an ingest. */
export async function isIngested(conn: DuckDBConnection, database: string): Promise<boolean> {
  if (!(await tableNames(conn, database)).has('meta')) return false;
  const origin = await conn.runAndReadAll(
    `SELECT count(*)::INTEGER AS n FROM ${database}.meta WHERE key = 'origin' AND value = 'ingested'`,
  );
  return readNumber(origin, 'n') > 0;
}
