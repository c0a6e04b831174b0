import { DuckDBConnection, DuckDBInstance, type DuckDBValue } from '@duckdb/node-api';
import { ApiError } from '../errors.js';

export type Row = Record<string, unknown>;
export type Params = DuckDBValue[];

export interface DatabaseOptions {
  /** Database files to attach read-only, by schema alias (e.g. `{ econ: '/…/economics.duckdb' }`). */
  attach: Record<string, string>;
  connections: number;
  queryTimeoutMs: number;
  threads?: number;
}

/**
 * A read-only view over one snapshot's DuckDB files: a small pool of connections
 * (a DuckDB connection runs one query at a time) and a time limit per query that
 * interrupts the query and answers 504.
 */
export class Database {
  private readonly idle: DuckDBConnection[] = [];
  private readonly waiting: Array<(c: DuckDBConnection) => void> = [];
  private closed = false;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly all: DuckDBConnection[],
    private readonly queryTimeoutMs: number,
  ) {
    this.idle.push(...all);
  }

  static async open(opts: DatabaseOptions): Promise<Database> {
    const instance = await DuckDBInstance.create(':memory:', { threads: String(opts.threads ?? 2) });
    const first = await instance.connect();
    try {
      for (const [alias, file] of Object.entries(opts.attach)) {
        await first.run(`ATTACH '${file.replace(/'/g, "''")}' AS ${alias} (READ_ONLY)`);
      }
    } catch (err) {
      first.closeSync();
      instance.closeSync();
      throw err;
    }
    const conns = [first];
    for (let i = 1; i < opts.connections; i++) conns.push(await instance.connect());
    return new Database(instance, conns, opts.queryTimeoutMs);
  }

  private acquire(): Promise<DuckDBConnection> {
    if (this.closed) return Promise.reject(new ApiError('provider_unavailable', 'The database snapshot is closed.'));
    const conn = this.idle.pop();
    if (conn) return Promise.resolve(conn);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(conn: DuckDBConnection): void {
    const next = this.waiting.shift();
    if (next) next(conn);
    else this.idle.push(conn);
  }

  /** Runs one read query and returns its rows as JSON-ready objects (dates as `YYYY-MM-DD`). */
  async query<T = Row>(sql: string, params: Params = []): Promise<T[]> {
    const conn = await this.acquire();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      conn.interrupt();
    }, this.queryTimeoutMs);
    try {
      const reader = await conn.runAndReadAll(sql, params);
      return reader.getRowObjectsJson() as T[];
    } catch (err) {
      if (timedOut) throw new ApiError('provider_timeout', `The query ran past its time limit of ${this.queryTimeoutMs} ms and was cancelled.`);
      throw err;
    } finally {
      clearTimeout(timer);
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
