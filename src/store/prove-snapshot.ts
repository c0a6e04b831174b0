import type { Database } from './duckdb.js';

/** An identifier quoted for SQL (the names come from a file, so nothing in them is trusted). */
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Reads a row of every table of every file attached to `dbs`: a file whose catalogue
 * opens but whose table data cannot be read fails here, naming the table, rather than
 * in the first request that reads it.
 */
export async function everyTableAnswers(dbs: readonly Database[]): Promise<void> {
  for (const db of dbs) {
    const tables = await db.query<{ db: string; schema: string; table: string }>(
      `SELECT database_name AS db, schema_name AS schema, table_name AS "table" FROM duckdb_tables()
       WHERE NOT internal AND NOT temporary AND database_name NOT IN ('memory', 'system', 'temp')
       ORDER BY 1, 2, 3`,
      { db: true, schema: true, table: true },
      [],
    );
    for (const t of tables) {
      const name = `${quoted(t.db)}.${quoted(t.schema)}.${quoted(t.table)}`;
      try {
        await db.query(`SELECT * FROM ${name} LIMIT 1`);
      } catch (err) {
        throw new Error(`table ${t.db}.${t.table} does not answer: ${(err as Error).message}`);
      }
    }
  }
}
