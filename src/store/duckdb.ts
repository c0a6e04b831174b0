import { type DuckDBConnection, DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';
import { ApiError } from '../errors.js';

export type Row = Record<string, unknown>;
export type Params = DuckDBValue[];

/**
 * Attaches a database file READ_ONLY under `alias`. The one place a file path
 * reaches SQL text: ATTACH takes no parameters, so the path is quoted here and the
 * alias, spliced as an identifier, must be a plain name.
 */
export async function attachReadOnly(conn: DuckDBConnection, file: string, alias: string): Promise<void> {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(alias)) throw new Error(`"${alias}" is not a plain database alias`);
  await conn.run(`ATTACH '${file.replace(/'/g, "''")}' AS ${alias} (READ_ONLY)`);
}

export interface DatabaseOptions {
  /** Database files to attach read-only, by schema alias (e.g. `{ econ: '/…/economics.duckdb' }`). */
  attach: Record<string, string>;
  connections: number;
  /**
   * Queries that may wait for a connection; one more is refused at once with 503 and
   * `Retry-After` instead of waiting without bound behind heavy ones.
   */
  maxQueued?: number;
  queryTimeoutMs: number;
  threads?: number;
  /** DuckDB `memory_limit` (e.g. `2GB`); beyond it, work spills to `tempDirectory`. */
  memoryLimit?: string;
  /** Where DuckDB spills when `memoryLimit` is reached. */
  tempDirectory?: string;
}

/**
 * A read-only view over one snapshot's DuckDB files: a small pool of connections
 * (a DuckDB connection runs one query at a time). A request's queries run under its
 * deadline (`within`): when the deadline passes, the running query is interrupted
 * and a query still waiting for a connection gives up, both as 504. Queries outside
 * a request (catalogue loading) keep a per-query time limit.
 */
export class Database {
  private readonly idle: DuckDBConnection[] = [];
  private readonly waiting: Array<{ resolve: (c: DuckDBConnection) => void; reject: (err: Error) => void }> = [];
  private closed = false;
  /** Set on a request's view of the database (see `within`). */
  private readonly signal: AbortSignal | undefined;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly all: DuckDBConnection[],
    private readonly limits: { queryTimeoutMs: number; maxQueued: number },
  ) {
    this.idle.push(...all);
  }

  static async open(opts: DatabaseOptions): Promise<Database> {
    const instance = await DuckDBInstance.create(':memory:', {
      threads: String(opts.threads ?? 2),
      ...(opts.memoryLimit ? { memory_limit: opts.memoryLimit } : {}),
      ...(opts.tempDirectory ? { temp_directory: opts.tempDirectory } : {}),
    });
    const first = await instance.connect();
    try {
      for (const [alias, file] of Object.entries(opts.attach)) await attachReadOnly(first, file, alias);
    } catch (err) {
      first.closeSync();
      instance.closeSync();
      throw err;
    }
    const conns = [first];
    for (let i = 1; i < opts.connections; i++) conns.push(await instance.connect());
    return new Database(instance, conns, { queryTimeoutMs: opts.queryTimeoutMs, maxQueued: opts.maxQueued ?? 64 });
  }

  /** The same pool, with every query bound to `signal` (a request's deadline). */
  within(signal: AbortSignal): Database {
    return Object.create(this, { signal: { value: signal } }) as Database;
  }

  /** Connections running a query now. */
  get busy(): number {
    return this.all.length - this.idle.length;
  }

  private timeout(): ApiError {
    return new ApiError('provider_timeout', 'The request ran past its time limit; its queries were cancelled.');
  }

  private acquire(signal: AbortSignal | undefined): Promise<DuckDBConnection> {
    if (this.closed) return Promise.reject(new ApiError('provider_unavailable', 'The database snapshot is closed.'));
    if (signal?.aborted) return Promise.reject(this.timeout());
    const conn = this.idle.pop();
    if (conn) return Promise.resolve(conn);
    if (this.waiting.length >= this.limits.maxQueued) {
      const busy = 'The data store is saturated; retry in a moment.';
      return Promise.reject(new ApiError('provider_unavailable', busy, { headers: { 'retry-after': '1' } }));
    }
    return new Promise((resolve, reject) => {
      const waiter = { resolve, reject };
      this.waiting.push(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          const i = this.waiting.indexOf(waiter);
          if (i >= 0) {
            this.waiting.splice(i, 1);
            reject(this.timeout());
          }
        },
        { once: true },
      );
    });
  }

  private release(conn: DuckDBConnection): void {
    const next = this.waiting.shift();
    if (next) next.resolve(conn);
    else this.idle.push(conn);
  }

  /** Runs one read query and returns its rows as JSON-ready objects (dates as `YYYY-MM-DD`). */
  async query<T = Row>(sql: string, params: Params = []): Promise<T[]> {
    const signal = this.signal;
    const conn = await this.acquire(signal);
    let timedOut = false;
    const interrupt = () => {
      timedOut = true;
      conn.interrupt();
    };
    const timer = signal ? undefined : setTimeout(interrupt, this.limits.queryTimeoutMs);
    signal?.addEventListener('abort', interrupt, { once: true });
    try {
      const reader = await conn.runAndReadAll(sql, params);
      return reader.getRowObjectsJson() as T[];
    } catch (err) {
      if (timedOut || signal?.aborted) throw this.timeout();
      throw err;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', interrupt);
      this.release(conn);
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const c of this.all) c.closeSync();
    this.instance.closeSync();
  }
}
