import type { Database } from './duckdb.js';

/**
 * The tables a snapshot file may hold, each with the columns it may have. A file
 * may lack a table (an optional one, or one an older build did not write); it may
 * not hold anything else.
 */
export type FileSchema = Readonly<Record<string, readonly string[]>>;

/** The schemas of a snapshot's files: each edition file is a trade file. */
export interface SnapshotSchema {
  economics: FileSchema;
  trade: FileSchema;
  nomenclature: FileSchema;
}

/** What a file's catalogue holds, as DuckDB describes it (see `readCatalogue`). */
export interface Catalogue {
  /** Every column of every table and view: schema, table, column, and its default or generating expression. */
  columns: ReadonlyArray<{ schema: string; table: string; column: string; expression: string | null }>;
  /** Everything that runs or names code or state: views, macros, sequences, types, indexes, schemas. */
  objects: ReadonlyArray<{ kind: string; name: string }>;
}

/** A snapshot file whose schema is not one this service writes: it is never served. */
export class SchemaRefusedError extends Error {
  override name = 'SchemaRefusedError';
}

/**
 * What in `catalogue` this service never writes, one line each (none: the file is
 * one of ours). Only tables of the main schema named by `expected`, with columns it
 * names, holding no default or generated expression; no view, macro, sequence, type,
 * index or schema of its own.
 */
export function schemaProblems(catalogue: Catalogue, expected: FileSchema): string[] {
  const problems = catalogue.objects.map((o) => `a ${o.kind} "${o.name}"`);
  const reported = new Set<string>();
  for (const { schema, table, column, expression } of catalogue.columns) {
    const where = schema === 'main' ? `"${table}"` : `"${schema}.${table}"`;
    const columns = schema === 'main' && Object.hasOwn(expected, table) ? expected[table] : undefined;
    if (!columns) {
      if (!reported.has(where)) problems.push(`an unknown table ${where}`);
      reported.add(where);
    } else if (!columns.includes(column)) {
      problems.push(`an unknown column "${column}" in ${where}`);
    } else if (expression !== null) {
      problems.push(`an expression in column "${column}" of ${where}`);
    }
  }
  return problems;
}

/** The catalogue of the database attached as `alias` (a plain name, spliced into the SQL). */
export async function readCatalogue(db: Database, alias: string): Promise<Catalogue> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(alias)) throw new Error(`"${alias}" is not a plain database alias`);
  const of = `database_name = '${alias}'`;
  const columns = await db.query<Catalogue['columns'][number]>(
    `SELECT schema_name AS schema, table_name AS "table", column_name AS "column", column_default AS expression
     FROM duckdb_columns() WHERE ${of} ORDER BY schema_name, table_name, column_index`,
    { schema: true, table: true, column: true, expression: true },
    [],
  );
  const objects = await db.query<Catalogue['objects'][number]>(
    `SELECT 'view' AS kind, view_name AS name FROM duckdb_views() WHERE ${of} AND NOT internal
     UNION ALL SELECT 'macro', function_name FROM duckdb_functions() WHERE ${of} AND NOT internal
     UNION ALL SELECT 'sequence', sequence_name FROM duckdb_sequences() WHERE ${of}
     UNION ALL SELECT 'type', type_name FROM duckdb_types() WHERE ${of} AND NOT internal
     UNION ALL SELECT 'index', index_name FROM duckdb_indexes() WHERE ${of}
     UNION ALL SELECT 'schema', schema_name FROM duckdb_schemas() WHERE ${of} AND NOT internal
     ORDER BY 1, 2`,
    { kind: true, name: true },
    [],
  );
  return { columns, objects };
}

/**
 * Refuses (`SchemaRefusedError`, naming the file and what it holds) any attached file
 * whose schema is not the one expected of it: `files` maps each alias to its file's
 * name and schema. Runs before anything of the file is read.
 */
export async function checkSchemas(
  db: Database,
  files: Readonly<Record<string, { file: string; schema: FileSchema }>>,
): Promise<void> {
  for (const [alias, { file, schema }] of Object.entries(files)) {
    const problems = schemaProblems(await readCatalogue(db, alias), schema);
    if (problems.length === 0) continue;
    const shown = problems.slice(0, 5).join('; ') + (problems.length > 5 ? `; and ${problems.length - 5} more` : '');
    throw new SchemaRefusedError(`${file} holds what this service never writes: ${shown}`);
  }
}
