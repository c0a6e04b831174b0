import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ApiError } from '../errors.js';
import { snapshotSettings, type SnapshotSettings } from '../settings.js';
import { cleanDataDir } from './clean.js';
import { Database } from './duckdb.js';
import {
  ECONOMICS_FILE,
  NOMENCLATURE_FILE,
  TRADE_FILE,
  editionOfFile,
  readCurrentName,
  snapshotsDir,
} from './snapshot-layout.js';
import { SchemaRefusedError, checkSchemas, type SnapshotSchema } from './snapshot-schema.js';
import { firstThatOpens, olderSnapshots } from './fallback.js';
import { everyTableAnswers } from './prove-snapshot.js';
import { duckdbTempDir, processTempDir } from './spill.js';
import { warn } from './warnings.js';

/**
 * The database files of an opened snapshot, attached as `econ`, `trade` and `nom`;
 * the optional ones are false when the snapshot has none.
 */
export interface AttachedFiles {
  trade: boolean;
  nomenclature: boolean;
  /**
   * The snapshot's edition files by HS edition, each opened as a database of its own
   * with the file attached as `trade` (and the nomenclature as `nom`), so the trade
   * queries read it as they read the trade file.
   */
  editions: ReadonlyMap<number, Database>;
  /** Opened to be proven before it is published, not to be served: nothing is read ahead. */
  proving: boolean;
}

/** Reads what a server keeps in memory of a snapshot (catalogues) once, when it opens. */
export type LoadContent<T> = (db: Database, files: AttachedFiles) => Promise<T>;

interface OpenOptions<T> {
  dataDir: string;
  name: string;
  /** The snapshot's directory, when not `snapshots/<name>` (a download proven in `incoming/`). */
  dir?: string;
  load: LoadContent<T>;
  /** What each file may hold: a file that holds anything else is refused before it is read. */
  schema: SnapshotSchema;
  queryTimeoutMs: number;
  memoryLimit: string;
  maxQueued?: number;
  /** Opened to be proven before it is published (see `AttachedFiles.proving`). */
  proving?: boolean;
}

/** The edition files of a snapshot directory, by HS edition. */
function editionFiles(dir: string): Array<[number, string]> {
  return readdirSync(dir)
    .map((name) => [editionOfFile(name), path.join(dir, name)] as const)
    .filter((e): e is [number, string] => e[0] !== undefined);
}

/** The connections and limits of a served snapshot's DuckDB instances. */
function servingPool<T>(opts: OpenOptions<T>, dirs: { tempDirectory: string; filesDirectory: string }) {
  return {
    // Two light and three heavy: with one DuckDB thread a lane of one connection uses
    // one core at most. The heavy lane never holds more than three of libuv's four
    // threads, so a light query always finds one.
    connections: 5,
    lightConnections: 2,
    // One DuckDB thread: a serving query is small, and queries of different requests
    // already run side by side on the pool's connections (see docs/decisions.md).
    threads: 1,
    queryTimeoutMs: opts.queryTimeoutMs,
    maxQueued: opts.maxQueued,
    memoryLimit: opts.memoryLimit,
    ...dirs,
  };
}

/** How long reading a snapshot's catalogues and observations into memory may take. */
const LOAD_TIMEOUT_MS = 10 * 60_000;

/** One opened, immutable snapshot. Leases keep it open while requests use it. */
export class Snapshot<T> {
  private leases = 0;
  private retired = false;

  readonly name: string;
  readonly db: Database;
  readonly content: T;
  private readonly editions: ReadonlyMap<number, Database>;
  private readonly tempDirectory: string;

  private constructor(parts: {
    name: string;
    db: Database;
    editions: ReadonlyMap<number, Database>;
    content: T;
    tempDirectory: string;
  }) {
    ({ name: this.name, db: this.db, content: this.content, tempDirectory: this.tempDirectory } = parts);
    this.editions = parts.editions;
  }

  /** `memoryLimit`: DuckDB's, for this snapshot's instance; it spills into DATA_DIR/tmp beyond it. */
  static async open<T>(opts: OpenOptions<T>): Promise<Snapshot<T>> {
    const { name, schema } = opts;
    // Absolute: DuckDB may reach the files it is given by these very paths, and no other.
    const dataDir = path.resolve(opts.dataDir);
    const dir = opts.dir ? path.resolve(opts.dir) : path.join(snapshotsDir(dataDir), name);
    const econFile = path.join(dir, ECONOMICS_FILE);
    if (!existsSync(econFile)) throw new Error(`snapshot ${name} has no ${ECONOMICS_FILE}`);
    const tradeFile = path.join(dir, TRADE_FILE);
    const hasTrade = existsSync(tradeFile);
    const nomFile = path.join(dir, NOMENCLATURE_FILE);
    const hasNom = hasTrade && existsSync(nomFile);
    const tempDirectory = await duckdbTempDir(dataDir, `serve-${name}`);
    const nom: Record<string, string> = hasNom ? { nom: nomFile } : {};
    const pool = servingPool(opts, { tempDirectory, filesDirectory: await processTempDir(dataDir) });
    const opened: Database[] = [];
    const editions = new Map<number, Database>();
    // What is checked and read of a snapshot when it opens runs under a time limit of
    // its own (a request's is far shorter).
    const loading = AbortSignal.timeout(LOAD_TIMEOUT_MS);
    try {
      const db = await Database.open({
        ...pool,
        attach: { econ: econFile, ...(hasTrade ? { trade: tradeFile } : {}), ...nom },
      });
      opened.push(db);
      await checkSchemas(db.within(loading), {
        econ: { file: econFile, schema: schema.economics },
        ...(hasTrade ? { trade: { file: tradeFile, schema: schema.trade } } : {}),
        ...(hasNom ? { nom: { file: nomFile, schema: schema.nomenclature } } : {}),
      });
      for (const [hsVersion, file] of hasTrade ? editionFiles(dir) : []) {
        // A trade file in another edition, opened as a database of its own.
        const edition = await Database.open({ ...pool, attach: { trade: file, ...nom } });
        opened.push(edition);
        await checkSchemas(edition.within(loading), { trade: { file, schema: schema.trade } });
        editions.set(hsVersion, edition);
      }
      // What a snapshot keeps in memory is read once, under that time limit.
      const content = await opts.load(db.within(loading), {
        trade: hasTrade,
        nomenclature: hasNom,
        editions: new Map([...editions].map(([v, e]) => [v, e.within(loading)])),
        proving: opts.proving ?? false,
      });
      return new Snapshot({ name, db, editions, content, tempDirectory });
    } catch (err) {
      for (const db of opened) db.close();
      rmSync(tempDirectory, { recursive: true, force: true });
      throw err;
    }
  }

  /** The database of an edition file (see `AttachedFiles.editions`). */
  edition(hsVersion: number): Database | undefined {
    return this.editions.get(hsVersion);
  }

  private close(): void {
    this.db.close();
    for (const db of this.editions.values()) db.close();
    rmSync(this.tempDirectory, { recursive: true, force: true });
  }

  acquire(): void {
    this.leases++;
  }

  release(): void {
    this.leases--;
    if (this.retired && this.leases === 0) this.close();
  }

  retire(): void {
    this.retired = true;
    if (this.leases === 0) this.close();
  }
}

/**
 * `duckdbMemoryLimit`: DuckDB's memory limit of each opened snapshot; `snapshotsKept`:
 * the published snapshots the clean-up at start keeps (each at its default when left out).
 */
export interface SnapshotStoreOptions<T> extends Partial<SnapshotSettings> {
  dataDir: string;
  load: LoadContent<T>;
  /** What each file of a snapshot may hold (see `OpenOptions.schema`). */
  schema: SnapshotSchema;
  queryTimeoutMs: number;
  pollMs: number;
  /**
   * Queries that may wait for a DuckDB connection of a snapshot's lane (default
   * `DUCKDB_QUEUE_MAX_DEFAULT`); more are refused.
   */
  duckdbQueueMax?: number;
  onSwap?: (name: string) => void;
  /** Called with the snapshot directories the clean-up at start removed. */
  onClean?: (removed: string[]) => void;
  onError?: (err: unknown) => void;
}

/**
 * Serves the snapshot CURRENT names, and switches to a newly published one without
 * a restart: a request leases the snapshot it started on and finishes on it, so no
 * request ever mixes two snapshots.
 */
export class SnapshotStore<T> {
  private active: Snapshot<T> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;
  private again: Promise<void> | undefined;
  /** Snapshots refused for their schema: never opened again (a snapshot never changes). */
  private readonly refused = new Set<string>();

  /** CURRENT's snapshot when it did not open at start: not tried again while CURRENT names it (see `fallBack`). */
  private unopenable: string | undefined;

  private readonly settings: SnapshotSettings;

  constructor(private readonly opts: SnapshotStoreOptions<T>) {
    this.settings = snapshotSettings(opts);
  }

  async start(): Promise<void> {
    // Leftovers of builds killed while no server ran, and spill files of dead processes.
    // A clean-up that fails (a directory another process removes first, permissions)
    // must not keep the server from serving: the next publish retries.
    try {
      const removed = await cleanDataDir(this.opts.dataDir, this.settings.snapshotsKept);
      if (removed.length) this.opts.onClean?.(removed);
    } catch (err) {
      warn(`snapshot clean-up at start failed; the next publish retries: ${(err as Error).message}`);
    }
    await this.openAtStart();
    this.timer = setInterval(() => {
      this.refresh().catch((err) => this.opts.onError?.(err));
    }, this.opts.pollMs);
    this.timer.unref();
  }

  /**
   * Opens CURRENT's snapshot; when it does not open, serves the newest older local
   * snapshot that does, and leaves CURRENT as it is (only a publish writes it): the
   * next publish swaps as usual. With none, the start fails with CURRENT's error.
   */
  private async openAtStart(): Promise<void> {
    const named = await readCurrentName(this.opts.dataDir);
    try {
      await this.refresh();
    } catch (err) {
      // Published meanwhile: the refresh may have tried the newer one, which is tried (again).
      if ((await readCurrentName(this.opts.dataDir)) !== named) return this.openAtStart();
      if (named === undefined || this.active) throw err;
      await this.fallBack(named, err);
    }
  }

  private async fallBack(broken: string, err: unknown): Promise<void> {
    const found = await firstThatOpens(await olderSnapshots(this.opts.dataDir, broken), (name) =>
      this.openSnapshot(name),
    );
    if (!found) throw err;
    this.unopenable = broken;
    this.active = found.opened;
    const others = found.failed.map((f) => `; ${f.name} does not open either: ${f.error}`).join('');
    warn(
      `snapshot ${broken}, which CURRENT names, does not open: ${(err as Error).message}${others}; ` +
        `serving ${found.name}, the newest local snapshot that opens, until a newer one is published`,
    );
    this.opts.onSwap?.(found.name);
  }

  /** Opens snapshot `name` with this store's options (`extra.dir`: from elsewhere than `snapshots/`). */
  private openSnapshot(name: string, extra: { dir?: string; proving?: boolean } = {}): Promise<Snapshot<T>> {
    const memoryLimit = this.settings.duckdbMemoryLimit;
    return Snapshot.open({ ...this.opts, name, memoryLimit, maxQueued: this.opts.duckdbQueueMax, ...extra });
  }

  /**
   * Proves a snapshot directory before it is published (a download in `incoming/`):
   * opened as this store opens what it serves, a row of every table of every file
   * read, then closed. Throws what makes it unusable.
   */
  async prove(dir: string, name: string): Promise<void> {
    const snapshot = await this.openSnapshot(name, { dir, proving: true });
    try {
      const editions = editionFiles(dir).map(([hsVersion]) => snapshot.edition(hsVersion));
      await everyTableAnswers([snapshot.db, ...editions.filter((e): e is Database => e !== undefined)]);
    } finally {
      snapshot.retire();
    }
  }

  get current(): Snapshot<T> | undefined {
    return this.active;
  }

  /** Snapshots refused because a file held what this service never writes (see `checkSchemas`). */
  get refusedSnapshots(): number {
    return this.refused.size;
  }

  /** Runs `fn` on the serving snapshot, keeping it open until `fn` settles. */
  async use<R>(fn: (snapshot: Snapshot<T>) => Promise<R> | R): Promise<R> {
    const snapshot = this.active;
    if (!snapshot) throw new ApiError('provider_unavailable', 'No data snapshot is available yet.');
    snapshot.acquire();
    try {
      return await fn(snapshot);
    } finally {
      snapshot.release();
    }
  }

  /** Switches to the snapshot CURRENT names, if it changed. */
  refresh(): Promise<void> {
    if (this.refreshing) {
      // The refresh in progress may have read CURRENT before the latest publish: one
      // more runs after it, shared by every caller that arrives meanwhile.
      this.again ??= this.refreshing
        .catch(() => undefined)
        .then(() => {
          this.again = undefined;
          return this.refresh();
        });
      return this.again;
    }
    this.refreshing = this.doRefresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async doRefresh(): Promise<void> {
    const name = await readCurrentName(this.opts.dataDir);
    if (name === this.unopenable) return;
    if (!name || name === this.active?.name || this.refused.has(name)) return;
    const { dataDir, load, schema, queryTimeoutMs, duckdbQueueMax: maxQueued } = this.opts;
    const memoryLimit = this.settings.duckdbMemoryLimit;
    const next = await Snapshot.open({
      dataDir,
      name,
      load,
      schema,
      queryTimeoutMs,
      memoryLimit,
      maxQueued,
    }).catch((err: unknown) => {
      if (err instanceof SchemaRefusedError) this.refused.add(name);
      throw err;
    });
    const previous = this.active;
    this.active = next;
    previous?.retire();
    this.opts.onSwap?.(name);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.active?.retire();
    this.active = undefined;
  }
}
