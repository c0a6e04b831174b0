import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EconomicsCatalogue } from '../economics/catalogue.js';
import { TradeCatalogue } from '../trade/catalogue.js';
import { ApiError } from '../errors.js';
import { Database } from './duckdb.js';

/**
 * Snapshot layout under DATA_DIR:
 *   snapshots/<name>/economics.duckdb   immutable once published
 *   snapshots/<name>/trade.duckdb       (optional) likewise
 *   CURRENT                             the name of the serving snapshot
 * A writer builds a new snapshot directory beside the serving one, then publishes it
 * by replacing CURRENT with an atomic rename. Servers poll CURRENT and switch.
 */
export const ECONOMICS_FILE = 'economics.duckdb';
export const TRADE_FILE = 'trade.duckdb';
/** Optional: a loaded HS nomenclature, which then replaces the trade file's own product list. */
export const NOMENCLATURE_FILE = 'nomenclature.duckdb';

export function snapshotsDir(dataDir: string): string {
  return path.join(dataDir, 'snapshots');
}

export function newSnapshotName(): string {
  return `${new Date().toISOString().replace(/[-:.]/g, '')}-${randomBytes(3).toString('hex')}`;
}

export async function readCurrentName(dataDir: string): Promise<string | undefined> {
  try {
    const name = (await readFile(path.join(dataDir, 'CURRENT'), 'utf8')).trim();
    return name === '' ? undefined : name;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** Makes `name` the serving snapshot (atomic), then removes snapshots older than the last `keep`. */
export async function publishSnapshot(dataDir: string, name: string, keep = 3): Promise<void> {
  const tmp = path.join(dataDir, `CURRENT.${process.pid}.tmp`);
  await writeFile(tmp, `${name}\n`);
  await rename(tmp, path.join(dataDir, 'CURRENT'));
  const names = (await readdir(snapshotsDir(dataDir))).filter((n) => !n.startsWith('.')).sort();
  const stale = names.filter((n) => n !== name).slice(0, Math.max(0, names.length - keep));
  // Readers that still hold an old file open keep reading it: unlinking does not free it.
  await Promise.all(stale.map((n) => rm(path.join(snapshotsDir(dataDir), n), { recursive: true, force: true })));
}

export async function createSnapshotDir(dataDir: string): Promise<{ name: string; dir: string }> {
  const name = newSnapshotName();
  const dir = path.join(snapshotsDir(dataDir), name);
  await mkdir(dir, { recursive: true });
  return { name, dir };
}

/** One opened, immutable snapshot. Leases keep it open while requests use it. */
export class Snapshot {
  private leases = 0;
  private retired = false;

  private constructor(
    readonly name: string,
    readonly db: Database,
    readonly economics: EconomicsCatalogue,
    /** Undefined when the snapshot holds no trade data. */
    readonly trade: TradeCatalogue | undefined,
  ) {}

  static async open(dataDir: string, name: string, queryTimeoutMs: number): Promise<Snapshot> {
    const dir = path.join(snapshotsDir(dataDir), name);
    const econFile = path.join(dir, ECONOMICS_FILE);
    if (!existsSync(econFile)) throw new Error(`snapshot ${name} has no ${ECONOMICS_FILE}`);
    const tradeFile = path.join(dir, TRADE_FILE);
    const hasTrade = existsSync(tradeFile);
    const nomFile = path.join(dir, NOMENCLATURE_FILE);
    const hasNom = hasTrade && existsSync(nomFile);
    const db = await Database.open({
      attach: { econ: econFile, ...(hasTrade ? { trade: tradeFile } : {}), ...(hasNom ? { nom: nomFile } : {}) },
      connections: 4,
      queryTimeoutMs,
    });
    try {
      const economics = await EconomicsCatalogue.load(db);
      const trade = hasTrade ? await TradeCatalogue.load(db, 'trade', hasNom ? 'nom' : 'trade') : undefined;
      return new Snapshot(name, db, economics, trade);
    } catch (err) {
      db.close();
      throw err;
    }
  }

  acquire(): void {
    this.leases++;
  }

  release(): void {
    this.leases--;
    if (this.retired && this.leases === 0) this.db.close();
  }

  retire(): void {
    this.retired = true;
    if (this.leases === 0) this.db.close();
  }
}

export interface SnapshotStoreOptions {
  dataDir: string;
  queryTimeoutMs: number;
  pollMs: number;
  onSwap?: (name: string) => void;
  onError?: (err: unknown) => void;
}

/**
 * Serves the snapshot CURRENT names, and switches to a newly published one without
 * a restart: a request leases the snapshot it started on and finishes on it, so no
 * request ever mixes two snapshots.
 */
export class SnapshotStore {
  private active: Snapshot | undefined;
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<void> | undefined;

  constructor(private readonly opts: SnapshotStoreOptions) {}

  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => {
      this.refresh().catch((err) => this.opts.onError?.(err));
    }, this.opts.pollMs);
    this.timer.unref();
  }

  get current(): Snapshot | undefined {
    return this.active;
  }

  /** Runs `fn` on the serving snapshot, keeping it open until `fn` settles. */
  async use<T>(fn: (snapshot: Snapshot) => Promise<T> | T): Promise<T> {
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
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async doRefresh(): Promise<void> {
    const name = await readCurrentName(this.opts.dataDir);
    if (!name || name === this.active?.name) return;
    const next = await Snapshot.open(this.opts.dataDir, name, this.opts.queryTimeoutMs);
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
