import {
  type DuckDBConnection,
  type DuckDBDataChunk,
  DuckDBInstance,
  DuckDBTypeId,
  type DuckDBMaterializedResult,
  type DuckDBPreparedStatement,
  type DuckDBValue,
  type DuckDBVector,
  JsonDuckDBValueConverter,
} from '@duckdb/node-api';
import path from 'node:path';
import { ApiError } from '../errors.js';
import { StoreBusyError } from './busy.js';
import { checkColumns, requiredFields, type Fields } from './rows.js';
import { DUCKDB_QUEUE_MAX_DEFAULT } from '../settings.js';

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

/**
 * The names of the tables of the database attached as `alias`: the one way the code
 * asks whether a file has a table, on a build's connection or a served database.
 */
export async function tableNames(on: DuckDBConnection | Database, alias: string): Promise<Set<string>> {
  const sql = 'SELECT table_name AS name FROM duckdb_tables() WHERE database_name = $1';
  const names =
    on instanceof Database
      ? (await on.query<{ name: string }>(sql, { name: true }, [alias])).map((r) => r.name)
      : (await on.runAndReadAll(sql, [alias])).getRows().map((r) => r[0] as string);
  return new Set(names);
}

/**
 * Makes an instance treat the files it opens as data, never code: SQL inside a
 * snapshot (a view, a macro) can reach no file but `files` (with their write-ahead
 * logs, which ATTACH looks for) and those under `directories`; no extension is
 * installed or loaded; and the configuration is locked, so no statement can undo it.
 * Run on the instance's first connection, before it attaches anything.
 */
export async function confine(
  conn: DuckDBConnection,
  reach: { files: readonly string[]; directories: readonly string[] },
): Promise<void> {
  const list = (items: readonly string[]) => `[${items.map((i) => `'${i.replace(/'/g, "''")}'`).join(', ')}]`;
  const files = reach.files.flatMap((f) => [f, `${f}.wal`]);
  // A directory is matched as a prefix: with its separator, `tmp` does not admit `tmp-other`.
  const directories = reach.directories.map((d) => (d.endsWith(path.sep) ? d : d + path.sep));
  await conn.run(`SET allowed_paths = ${list(files)}`);
  await conn.run(`SET allowed_directories = ${list(directories)}`);
  await conn.run('SET autoinstall_known_extensions = false');
  await conn.run('SET autoload_known_extensions = false');
  await conn.run('SET enable_external_access = false');
  await conn.run('SET lock_configuration = true');
}

export interface DatabaseOptions {
  /** Database files to attach read-only, by schema alias (e.g. `{ econ: '/…/economics.duckdb' }`): absolute paths. */
  attach: Record<string, string>;
  connections: number;
  /** How many of `connections` serve the light lane (default 1); the others serve the heavy one. */
  lightConnections?: number;
  /**
   * Queries that may wait for a connection; one more is refused at once (`StoreBusyError`)
   * instead of waiting without bound behind heavy ones.
   */
  maxQueued?: number;
  queryTimeoutMs: number;
  /**
   * DuckDB's worker threads for the whole instance (default 2). Queries of different
   * connections run side by side whatever this is; above 1, each query may also be
   * split into tasks across threads.
   */
  threads?: number;
  /** DuckDB `memory_limit` (e.g. `2GB`); beyond it, work spills to `tempDirectory`. */
  memoryLimit?: string;
  /** Where DuckDB spills when `memoryLimit` is reached (inside `filesDirectory`). */
  tempDirectory?: string;
  /**
   * The one directory DuckDB may reach besides the attached files: where it spills
   * and where an extract's pipe is written. Nothing else is reachable (see `confine`).
   */
  filesDirectory?: string;
}

/**
 * Which connections a query may use. Queries bounded by an index or a small sorted
 * range take the light lane; scans and rankings over many rows the heavy one. Each
 * lane has its own connections and its own bounded queue, so a burst of heavy work
 * never makes a light query wait behind it.
 */
export type Lane = 'light' | 'heavy';

/**
 * The chunks of a materialized result, read in place: fetching them one by one
 * would cost a round trip to DuckDB's threads per chunk.
 */
function chunksOf(result: DuckDBMaterializedResult): DuckDBDataChunk[] {
  return Array.from({ length: result.chunkCount }, (_, i) => result.getChunk(i));
}

/**
 * The typed array and validity mask a numeric vector of the binding keeps its values
 * in (fields it does not declare): copying them whole is some twenty times faster
 * than reading each value. Absent on other vectors, or should the binding change.
 */
interface NumericVectorParts {
  items?: unknown;
  validity?: { data?: unknown };
}

type NumericArray =
  Float64Array | Float32Array | Int32Array | Int16Array | Int8Array | Uint8Array | Uint16Array | Uint32Array;

function typedItems(vector: DuckDBVector): NumericArray | undefined {
  const { items } = vector as unknown as NumericVectorParts;
  return ArrayBuffer.isView(items) &&
    !(items instanceof DataView) &&
    !(items instanceof BigInt64Array) &&
    !(items instanceof BigUint64Array)
    ? (items as NumericArray)
    : undefined;
}

/** Types whose JSON value is the number the vector holds (not dates, decimals, booleans or enums). */
const PLAIN_NUMBERS = new Set<DuckDBTypeId>([
  DuckDBTypeId.TINYINT,
  DuckDBTypeId.SMALLINT,
  DuckDBTypeId.INTEGER,
  DuckDBTypeId.UTINYINT,
  DuckDBTypeId.USMALLINT,
  DuckDBTypeId.UINTEGER,
  DuckDBTypeId.FLOAT,
  DuckDBTypeId.DOUBLE,
]);

/** Copies a numeric vector's values into `out` (as long as the vector), NaN where NULL. */
function copyNumbers(vector: DuckDBVector, out: Float64Array): void {
  const items = typedItems(vector);
  if (items && items.length === out.length) {
    out.set(items);
    // No validity mask: every value is present. Otherwise its bits (1 = present) are
    // read 32 at a time, little-endian as the binding lays them out.
    const mask = (vector as unknown as NumericVectorParts).validity?.data;
    if (!(mask instanceof BigUint64Array)) return;
    const words = new Uint32Array(mask.buffer, mask.byteOffset, mask.length * 2);
    for (let w = 0; w < words.length; w++) {
      const word = words[w]!;
      if (word === 0xffffffff) continue;
      const end = Math.min(out.length, w * 32 + 32);
      for (let i = w * 32; i < end; i++) if (!(word & (1 << (i - w * 32)))) out[i] = NaN;
    }
    return;
  }
  for (let i = 0; i < out.length; i++) {
    const v = vector.getItem(i);
    out[i] = v === null ? NaN : Number(v);
  }
}

/** Prepared statements one connection keeps, by SQL text; the least recently used is dropped first. */
const STATEMENTS_KEPT = 256;

/**
 * A connection of the pool and the statements it has prepared. A query with
 * parameters is prepared once per connection and SQL text (the trade queries come
 * in a few hundred shapes), then bound and run: one round trip to DuckDB's threads
 * instead of three (split, prepare, run), and no parsing. DuckDB still plans each
 * run with its values, so filters on them keep pruning the sorted tables. A query
 * without parameters (catalogue loading) runs as is, in one call.
 */
class PooledConnection {
  private readonly statements = new Map<string, DuckDBPreparedStatement>();

  constructor(private readonly conn: DuckDBConnection) {}

  /** The query's materialized result: one call into DuckDB's threads for a kept statement. */
  async run(sql: string, params: Params): Promise<DuckDBMaterializedResult> {
    if (params.length === 0) return this.conn.run(sql);
    const kept = this.statements.get(sql);
    // Taken out while it runs: put back (as the most recent) only once it has run well.
    if (kept) this.statements.delete(sql);
    const statement = kept ?? (await this.conn.prepare(sql));
    try {
      statement.bind(params);
      const result = await statement.run();
      this.keep(sql, statement);
      return result;
    } catch (err) {
      statement.destroySync();
      throw err;
    }
  }

  private keep(sql: string, statement: DuckDBPreparedStatement): void {
    this.statements.set(sql, statement);
    if (this.statements.size <= STATEMENTS_KEPT) return;
    const [oldestSql, oldest] = this.statements.entries().next().value!;
    this.statements.delete(oldestSql);
    oldest.destroySync();
  }

  interrupt(): void {
    this.conn.interrupt();
  }

  /** Destroys its statements, then closes the connection. */
  closeSync(): void {
    for (const statement of this.statements.values()) statement.destroySync();
    this.statements.clear();
    this.conn.closeSync();
  }
}

/** The connections of one lane and the queries waiting for them. */
class ConnectionLane {
  private readonly idle: PooledConnection[];
  private readonly waiting: Array<{ resolve: (c: PooledConnection) => void; reject: (err: Error) => void }> = [];
  private closing = false;
  /** Connections not yet closed, once closing. */
  private open = 0;
  private onClosed: () => void = () => undefined;

  constructor(
    readonly all: PooledConnection[],
    private readonly maxQueued: number,
  ) {
    this.idle = [...all];
  }

  get busy(): number {
    return this.all.length - this.idle.length;
  }

  /** Queries waiting for a connection. */
  get queued(): number {
    return this.waiting.length;
  }

  acquire(signal: AbortSignal | undefined, timeout: () => ApiError): Promise<PooledConnection> {
    const conn = this.idle.pop();
    if (conn) return Promise.resolve(conn);
    if (this.waiting.length >= this.maxQueued) return Promise.reject(new StoreBusyError(this.waiting.length));
    return new Promise((resolve, reject) => {
      const waiter = { resolve, reject };
      this.waiting.push(waiter);
      signal?.addEventListener(
        'abort',
        () => {
          const i = this.waiting.indexOf(waiter);
          if (i >= 0) {
            this.waiting.splice(i, 1);
            reject(timeout());
          }
        },
        { once: true },
      );
    });
  }

  release(conn: PooledConnection): void {
    if (this.closing) return this.closeOne(conn);
    const next = this.waiting.shift();
    if (next) next.resolve(conn);
    else this.idle.push(conn);
  }

  /**
   * Closes the idle connections now and the busy ones as their queries end, after
   * interrupting them: closing a connection while it runs a query blocks the process
   * inside DuckDB. Waiting queries are refused. `onClosed` runs once every one is closed.
   */
  close(onClosed: () => void): void {
    this.closing = true;
    this.onClosed = onClosed;
    this.open = this.all.length;
    for (const waiter of this.waiting.splice(0)) {
      waiter.reject(new ApiError('provider_unavailable', 'The database snapshot is closed.'));
    }
    for (const conn of this.all) if (!this.idle.includes(conn)) conn.interrupt();
    for (const conn of this.idle.splice(0)) this.closeOne(conn);
  }

  private closeOne(conn: PooledConnection): void {
    conn.closeSync();
    if (--this.open === 0) this.onClosed();
  }
}

/**
 * A read-only view over one snapshot's DuckDB files: a small pool of connections
 * (a DuckDB connection runs one query at a time) in two lanes. A request's queries
 * run under its deadline (`within`): when the deadline passes, the running query is
 * interrupted and a query still waiting for a connection gives up, both as 504.
 * Queries outside a request (catalogue loading) keep a per-query time limit.
 */
export class Database {
  private closed = false;
  /** Set on a request's view of the database (see `within`). */
  private readonly signal: AbortSignal | undefined;
  private readonly lane: Lane = 'heavy';
  /** What `shared` computed from this snapshot, by key; every request's view sees the same map. */
  private readonly sharedValues = new Map<string, Promise<unknown>>();
  /** What `keep` kept with this snapshot, by key; every request's view sees the same map. */
  private readonly keptValues = new Map<string, unknown>();
  /** What `whenClosed` asked to run when the database closes. */
  private readonly closers: Array<() => void> = [];

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly lanes: Record<Lane, ConnectionLane>,
    private readonly limits: {
      queryTimeoutMs: number;
      /** What the database was opened with, for `aside`. */
      opened: DatabaseOptions;
    },
  ) {}

  /**
   * A database of its own over the same files, for one long job (an extract): its
   * blocks are read into its own buffers, within `memoryLimit`, and given back when
   * it is closed, and it holds none of this pool's connections. The caller closes it.
   * Its queries have this pool's time limit unless `queryTimeoutMs` says otherwise.
   */
  aside(memoryLimit: string, queryTimeoutMs = this.limits.opened.queryTimeoutMs): Promise<Database> {
    const { attach, tempDirectory, filesDirectory } = this.limits.opened;
    return Database.open({
      attach,
      connections: 2,
      threads: 1,
      queryTimeoutMs,
      memoryLimit,
      ...(tempDirectory ? { tempDirectory } : {}),
      ...(filesDirectory ? { filesDirectory } : {}),
    });
  }

  /** The directory this database may write files in (see `DatabaseOptions.filesDirectory`). */
  get filesDirectory(): string | undefined {
    return this.limits.opened.filesDirectory ?? this.limits.opened.tempDirectory;
  }

  /** Keeps `value` with this snapshot under `key`: every request's view reads it (`kept`). */
  keep(key: string, value: unknown): void {
    this.keptValues.set(key, value);
  }

  /** Runs `closer` when the database closes (what was kept with it and must be let go). */
  whenClosed(closer: () => void): void {
    this.closers.push(closer);
  }

  /** The value kept under `key` (see `keep`); undefined when none is. */
  kept<T>(key: string): T | undefined {
    return this.keptValues.get(key) as T | undefined;
  }

  /**
   * A value read from this snapshot once and kept while it is open (a small table held
   * in memory), shared by every request. `load` reads in the lane of the request that
   * asked first, under the per-query time limit rather than that request's deadline;
   * a failed load is forgotten, so a later request tries again.
   */
  shared<T>(key: string, load: (db: Database) => Promise<T>): Promise<T> {
    const kept = this.sharedValues.get(key);
    if (kept) return kept as Promise<T>;
    const loading = load(this.withoutDeadline());
    this.sharedValues.set(key, loading);
    loading.catch(() => this.sharedValues.delete(key));
    return loading;
  }

  /** `connections` (at least 2): `lightConnections` (1) serve the light lane, the others the heavy one. */
  static async open(opts: DatabaseOptions): Promise<Database> {
    const instance = await DuckDBInstance.create(':memory:', {
      threads: String(opts.threads ?? 2),
      ...(opts.memoryLimit ? { memory_limit: opts.memoryLimit } : {}),
      ...(opts.tempDirectory ? { temp_directory: opts.tempDirectory } : {}),
    });
    const first = await instance.connect();
    try {
      await confine(first, {
        files: Object.values(opts.attach),
        directories: [opts.filesDirectory ?? opts.tempDirectory].filter((d): d is string => d !== undefined),
      });
      for (const [alias, file] of Object.entries(opts.attach)) await attachReadOnly(first, file, alias);
    } catch (err) {
      first.closeSync();
      instance.closeSync();
      throw err;
    }
    const conns = [new PooledConnection(first)];
    for (let i = 1; i < Math.max(2, opts.connections); i++) conns.push(new PooledConnection(await instance.connect()));
    const maxQueued = opts.maxQueued ?? DUCKDB_QUEUE_MAX_DEFAULT;
    const light = Math.min(Math.max(1, opts.lightConnections ?? 1), conns.length - 1);
    const lanes = {
      light: new ConnectionLane(conns.slice(0, light), maxQueued),
      heavy: new ConnectionLane(conns.slice(light), maxQueued),
    };
    return new Database(instance, lanes, {
      queryTimeoutMs: opts.queryTimeoutMs,
      opened: opts,
    });
  }

  /**
   * This view's lane without its deadline (queries keep the per-query limit): for work
   * a request starts that others may share, which must not end with that request.
   */
  withoutDeadline(): Database {
    return Object.create(this, { signal: { value: undefined } }) as Database;
  }

  /**
   * Waits for `work` that other requests may share (so it is not cancelled with this
   * one) no longer than this view's deadline: past it, fails as its queries do.
   */
  async waitFor<T>(work: Promise<T>): Promise<T> {
    const signal = this.signal;
    if (!signal) return work;
    if (signal.aborted) throw this.timeout();
    let onAbort = () => undefined as void;
    const aborted = new Promise<never>((_, reject) => {
      onAbort = () => reject(this.timeout());
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([work, aborted]);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** Whether the snapshot's database is closed (its queries are refused). */
  get isClosed(): boolean {
    return this.closed;
  }

  /** The same pool, with every query bound to `signal` (a request's deadline) and run in `lane`. */
  within(signal: AbortSignal, lane: Lane = 'heavy'): Database {
    return Object.create(this, { signal: { value: signal }, lane: { value: lane } }) as Database;
  }

  /** Connections running a query now. */
  get busy(): number {
    return this.lanes.light.busy + this.lanes.heavy.busy;
  }

  /** Queries waiting for a connection, by lane. */
  get queued(): Record<Lane, number> {
    return { light: this.lanes.light.queued, heavy: this.lanes.heavy.queued };
  }

  private timeout(): ApiError {
    return new ApiError('provider_timeout', 'The request ran past its time limit; its queries were cancelled.');
  }

  private acquire(signal: AbortSignal | undefined): Promise<PooledConnection> {
    if (this.closed) return Promise.reject(new ApiError('provider_unavailable', 'The database snapshot is closed.'));
    if (signal?.aborted) return Promise.reject(this.timeout());
    return this.lanes[this.lane].acquire(signal, () => this.timeout());
  }

  private release(conn: PooledConnection): void {
    this.lanes[this.lane].release(conn);
  }

  /**
   * Runs one read query and returns its rows as JSON-ready objects (dates as
   * `YYYY-MM-DD`) of type T, once its columns are checked to hold every one of
   * `fields`: a query that lacks one fails, naming it, rather than yielding rows
   * without it.
   */
  query<T extends object>(sql: string, fields: Fields<T>, params?: Params): Promise<T[]>;
  /** Runs a statement or a query whose rows are not read as a type (creating a view, a probe). */
  query(sql: string): Promise<Row[]>;
  async query<T extends object>(sql: string, fields?: Fields<T>, params: Params = []): Promise<Row[]> {
    const result = await this.read(sql, params);
    const names = result.deduplicatedColumnNames();
    if (fields) checkColumns(names, requiredFields(fields));
    const rows: Row[] = [];
    // Column by column: a column's vector and type are looked up once per chunk, not per value.
    for (const chunk of chunksOf(result)) {
      const first = rows.length;
      for (let i = chunk.rowCount; i > 0; i--) rows.push({});
      names.forEach((name, column) => {
        const vector = chunk.getColumnVector(column);
        const type = vector.type;
        const count = vector.itemCount;
        // Numbers come from the vector's typed array; NULL (NaN there) and anything
        // else go through the JSON converter.
        const numbers = PLAIN_NUMBERS.has(type.typeId) ? new Float64Array(count) : undefined;
        if (numbers) copyNumbers(vector, numbers);
        for (let i = 0; i < count; i++) {
          const n = numbers ? numbers[i]! : NaN;
          rows[first + i]![name] = Number.isFinite(n)
            ? n
            : JsonDuckDBValueConverter(vector.getItem(i), type, JsonDuckDBValueConverter);
        }
      });
    }
    return rows;
  }

  /**
   * Runs one read query and returns its columns as arrays of raw values (numbers for
   * numeric columns): no object per row, for reading whole tables into memory.
   */
  async queryColumns(sql: string, params: Params = []): Promise<DuckDBValue[][]> {
    const columns: DuckDBValue[][] = [];
    for (const chunk of chunksOf(await this.read(sql, params))) chunk.appendToColumns(columns);
    return columns;
  }

  /**
   * Runs one read query of numeric columns and returns each as a Float64Array, NaN
   * where the value is NULL: each vector's values copied in one step where the
   * binding holds them in a typed array, one by one otherwise (for slices of tables
   * held in memory).
   */
  async queryNumbers(sql: string, params: Params = []): Promise<Float64Array[]> {
    const result = await this.read(sql, params);
    const chunks = chunksOf(result);
    // A chunk's row count is a call into the binding: read once per chunk.
    const sizes = chunks.map((c) => c.rowCount);
    const total = sizes.reduce((n, k) => n + k, 0);
    const columns = Array.from({ length: result.columnCount }, () => new Float64Array(total));
    let first = 0;
    chunks.forEach((chunk, k) => {
      const size = sizes[k]!;
      columns.forEach((out, c) => copyNumbers(chunk.getColumnVector(c), out.subarray(first, first + size)));
      first += size;
    });
    return columns;
  }

  /** Runs a query on a connection of this view's lane, under its deadline (or the per-query limit). */
  private async read(sql: string, params: Params): Promise<DuckDBMaterializedResult> {
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
      return await conn.run(sql, params);
    } catch (err) {
      if (timedOut || signal?.aborted) throw this.timeout();
      throw err;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', interrupt);
      this.release(conn);
    }
  }

  /** Closes the database once its running queries (interrupted now) have ended. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    let lanesOpen = 2;
    const laneClosed = () => {
      if (--lanesOpen > 0) return;
      this.instance.closeSync();
      for (const closer of this.closers.splice(0)) closer();
    };
    this.lanes.light.close(laneClosed);
    this.lanes.heavy.close(laneClosed);
  }
}
