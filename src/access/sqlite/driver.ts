import Libsql from 'libsql';

/*
 * The embedded SQLite driver: libsql, an N-API addon shipped as prebuilt npm packages,
 * so the same install loads on every Node version the service supports (see
 * docs/decisions.md). Its API follows better-sqlite3's with a few differences, which
 * this module hides so that the stores keep better-sqlite3's semantics:
 *
 * - `get()` returns the row with an extra `_metadata` property, and ignores `pluck()`;
 * - `pragma(…, { simple: true })` returns the row, not its first value;
 * - a transaction inside another fails instead of becoming a savepoint;
 * - a single bind argument that is `null` or a Buffer is taken for named parameters;
 * - a statement run after its database was closed aborts the process (a panic in the
 *   addon), where better-sqlite3 throws: here it throws.
 */

type Raw = InstanceType<typeof Libsql>;
/** The part of libsql's statement used here. */
interface RawStatement {
  run(...params: unknown[]): RunResult;
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
  pluck(toggle?: boolean): unknown;
}
type Row = Record<string, unknown>;

export interface RunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

export interface Statement<Bind extends unknown[], Result> {
  run(...params: Bind): RunResult;
  get(...params: Bind): Result | undefined;
  all(...params: Bind): Result[];
  /** Returns the first column of each row instead of the row. */
  pluck(): Statement<Bind, unknown>;
}

export type Transaction<F extends (...args: never[]) => unknown> = F & {
  deferred: F;
  immediate: F;
  exclusive: F;
};

export interface SqliteDatabase {
  prepare<Bind extends unknown[] | object = unknown[], Result = unknown>(
    sql: string,
  ): Statement<Bind extends unknown[] ? Bind : [Bind], Result>;
  /** Runs `fn` in a transaction (BEGIN … COMMIT), or in a savepoint inside an open one. */
  transaction<F extends (...args: never[]) => unknown>(fn: F): Transaction<F>;
  exec(sql: string): void;
  /** Runs `PRAGMA source`: its rows, or with `simple` the first column of the first row. */
  pragma(source: string, options?: { simple?: boolean }): unknown;
  readonly inTransaction: boolean;
  close(): void;
}

/** One bind argument that is not a plain object goes to the driver as a positional list. */
function bindArgs(params: unknown[]): unknown[] | [Row] {
  if (params.length !== 1) return params;
  const [p] = params;
  return p !== null && typeof p === 'object' && !Buffer.isBuffer(p) && !Array.isArray(p) ? [p] : [params];
}

function withoutMetadata(row: unknown): unknown {
  if (row && typeof row === 'object' && '_metadata' in row) delete (row as Row)._metadata;
  return row;
}

/** Whether a database is open; once closed, every use of it or its statements throws. */
class Opened {
  private closed = false;

  close(): void {
    this.closed = true;
  }

  check(): void {
    if (this.closed) throw new Error('the SQLite database is closed');
  }
}

class WrappedStatement<Bind extends unknown[], Result> implements Statement<Bind, Result> {
  private plucked = false;

  constructor(
    private readonly raw: RawStatement,
    private readonly opened: Opened,
  ) {}

  run(...params: Bind): RunResult {
    this.opened.check();
    const { changes, lastInsertRowid } = this.raw.run(...bindArgs(params));
    return { changes, lastInsertRowid };
  }

  get(...params: Bind): Result | undefined {
    this.opened.check();
    const row = withoutMetadata(this.raw.get(...bindArgs(params))) as Row | undefined;
    if (row === undefined || !this.plucked) return row as Result | undefined;
    return Object.values(row)[0] as Result;
  }

  all(...params: Bind): Result[] {
    this.opened.check();
    return this.raw.all(...bindArgs(params)) as Result[];
  }

  pluck(): Statement<Bind, unknown> {
    this.plucked = true;
    this.raw.pluck(true);
    return this;
  }
}

let savepoints = 0;

class WrappedDatabase implements SqliteDatabase {
  private readonly opened = new Opened();

  constructor(private readonly raw: Raw) {}

  get inTransaction(): boolean {
    return this.raw.inTransaction;
  }

  prepare<Bind extends unknown[] | object = unknown[], Result = unknown>(
    sql: string,
  ): Statement<Bind extends unknown[] ? Bind : [Bind], Result> {
    this.opened.check();
    return new WrappedStatement(this.raw.prepare(sql), this.opened);
  }

  exec(sql: string): void {
    this.opened.check();
    this.raw.exec(sql);
  }

  pragma(source: string, options?: { simple?: boolean }): unknown {
    this.opened.check();
    const rows = this.raw.prepare(`PRAGMA ${source}`).all() as Row[];
    if (!options?.simple) return rows;
    return rows[0] === undefined ? undefined : Object.values(rows[0])[0];
  }

  transaction<F extends (...args: never[]) => unknown>(fn: F): Transaction<F> {
    const wrap = (mode: string) =>
      ((...args: Parameters<F>) => {
        this.opened.check();
        const nested = this.raw.inTransaction;
        const name = `sp${++savepoints}`;
        this.raw.exec(nested ? `SAVEPOINT ${name}` : `BEGIN ${mode}`);
        try {
          const result = fn(...args);
          this.raw.exec(nested ? `RELEASE ${name}` : 'COMMIT');
          return result;
        } catch (err) {
          // SQLite may have rolled back already (e.g. on SQLITE_FULL): then there is nothing to undo.
          if (this.raw.inTransaction) this.raw.exec(nested ? `ROLLBACK TO ${name}; RELEASE ${name}` : 'ROLLBACK');
          throw err;
        }
      }) as F;
    return Object.assign(wrap(''), {
      deferred: wrap('DEFERRED'),
      immediate: wrap('IMMEDIATE'),
      exclusive: wrap('EXCLUSIVE'),
    });
  }

  close(): void {
    this.opened.close();
    this.raw.close();
  }
}

/** Opens (creating it if needed) the SQLite database in `file`, or an in-memory one for ':memory:'. */
export function openSqlite(file: string): SqliteDatabase {
  return new WrappedDatabase(new Libsql(file));
}
