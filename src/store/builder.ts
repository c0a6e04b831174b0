import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { copyFileSync, existsSync, linkSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { snapshotSettings, type SnapshotSettings } from '../settings.js';
import { attachReadOnly } from './duckdb.js';
import type { Progress } from './progress.js';
import { createSnapshotDir, discardSnapshot, publishSnapshot } from './publish.js';
import { ECONOMICS_FILE, derivedFrom, snapshotsDir } from './snapshot-layout.js';
import { buildDuckdbConfig } from './spill.js';
import { publishToStore } from './store-publish.js';
import { warn } from './warnings.js';

/**
 * Writes one database file of a build. `previous` is the alias under which the
 * serving snapshot's file of the same name is attached (READ_ONLY), or undefined
 * when none was asked for or the serving snapshot has no such file.
 */
export type FileWriter<T> = (conn: DuckDBConnection, previous: string | undefined) => Promise<T>;

/** The alias the ingests attach the serving snapshot's file of the same name under (`attachPrevious`). */
export const PREVIOUS_ALIAS = 'old';

export interface WriteFileOptions {
  /** Attach the serving snapshot's file of the same name under this alias, when there is one. */
  attachPrevious?: string;
}

/** What a build's `write` and `validate` hooks work on: the new snapshot's directory. */
export interface SnapshotBuild {
  readonly name: string;
  readonly dir: string;
  /** The serving snapshot the build started from (and carries files over from), if any. */
  readonly base: string | undefined;
  /** Files of the serving snapshot put into this one unchanged, before `write` ran. */
  readonly carried: readonly string[];
  /** The serving snapshot's file of that name, when it has one. */
  previousFile(file: string): string | undefined;
  /** Whether the new snapshot holds that file (written or carried over). */
  has(file: string): boolean;
  /**
   * Creates `file` in the new snapshot with the build's DuckDB settings (memory limit,
   * spill directory), runs `writer` on it, then checkpoints; the file is closed
   * whatever happens, so a failed build leaves no open handle on its directory.
   */
  writeFile<T>(file: string, writer: FileWriter<T>, opts?: WriteFileOptions): Promise<T>;
}

/**
 * The settings a build runs under, from the caller's settings: the DuckDB memory
 * limit of each file written, and the published snapshots the clean-ups before and
 * after the build keep. Each one left out takes its default (see `snapshotSettings`).
 */
export type BuildSettings = Partial<SnapshotSettings>;

export interface BuildOptions<T> {
  /**
   * The files this build writes; every other file of the serving snapshot is carried
   * over, so a build replaces its own files and loses nothing else. `'all'`: a whole
   * new dataset, nothing carried over.
   */
  replaces: readonly string[] | 'all';
  write: (build: SnapshotBuild) => Promise<T>;
  /** Last check before publishing: a throw discards the build and the serving snapshot stays. */
  validate?: (build: SnapshotBuild, written: T) => Promise<void>;
  /** The build's progress reporter: stopped when the build fails, so its timer does not outlive it. */
  progress?: Progress;
  settings?: BuildSettings;
}

export interface BuiltSnapshot<T> {
  name: string;
  carried: string[];
  /** What `write` returned. */
  written: T;
}

/**
 * Builds a snapshot and publishes it: creates its directory, carries over the serving
 * snapshot's files this build does not replace, lets `write` write its files, runs
 * `validate`, checks the snapshot can be served, publishes; with an object store
 * (`snapshotStoreUrl`), then uploads it there.
 *
 * A failure before the local publish discards the new directory and the serving
 * snapshot stays; the rollback itself refuses to delete a published snapshot. Once
 * published locally nothing is rolled back: a failed upload throws, naming the store,
 * and leaves the snapshot serving here.
 */
export async function buildSnapshot<T>(dataDir: string, opts: BuildOptions<T>): Promise<BuiltSnapshot<T>> {
  const { duckdbMemoryLimit: memoryLimit, snapshotsKept, ...store } = snapshotSettings(opts.settings ?? {});
  const { name, dir, base } = await createSnapshotDir(dataDir, snapshotsKept);
  const baseDir = base === undefined ? undefined : path.join(snapshotsDir(dataDir), base);
  let built: BuiltSnapshot<T>;
  try {
    const carried = opts.replaces === 'all' ? [] : carryOverUnchanged(baseDir, dir, opts.replaces);
    const build = new Build({ dataDir, name, dir, base, baseDir, carried, memoryLimit });
    const written = await opts.write(build);
    await opts.validate?.(build, written);
    // Servers cannot open a snapshot without an economics file: such a one is never published.
    if (!build.has(ECONOMICS_FILE)) throw new Error(`snapshot ${name} has no ${ECONOMICS_FILE}`);
    await publishSnapshot(dataDir, name, snapshotsKept);
    built = { name, carried, written };
  } catch (err) {
    opts.progress?.stop();
    // The build's own error is the one worth reporting; a failed rollback leaves a
    // marked directory, which a clean-up removes once this process is gone.
    await discardSnapshot(dataDir, name).catch((e) => {
      warn(`discarding the failed snapshot ${name} failed: ${(e as Error).message}`);
    });
    throw err;
  }
  // Published here; with an object store, then there (the replicas' source): a failure
  // there leaves this snapshot serving here and fails the build's command.
  if (store.snapshotStoreUrl) {
    await publishToStore(dataDir, name, { url: store.snapshotStoreUrl, kept: store.storeSnapshotsKept }).catch(
      (err: unknown) => {
        throw new Error(
          `snapshot ${name} is published in ${dataDir} but not in ${store.snapshotStoreUrl}: ${(err as Error).message}`,
        );
      },
    );
  }
  return built;
}

/**
 * Puts every file of `fromDir` that this build does not write into `toDir`, whatever
 * the files are (economics, trade, nomenclature, any later one). A hard link, as
 * published files never change; a copy where links are refused. Dot-files and a
 * written file's companions (`trade.duckdb.wal`) are the store's own, not data.
 * Returns the names carried over.
 */
function carryOverUnchanged(fromDir: string | undefined, toDir: string, written: readonly string[]): string[] {
  if (!fromDir || !existsSync(fromDir)) return [];
  const carried: string[] = [];
  for (const entry of readdirSync(fromDir, { withFileTypes: true })) {
    const name = entry.name;
    if (!entry.isFile() || name.startsWith('.')) continue;
    if (written.some((w) => name === w || name.startsWith(`${w}.`) || derivedFrom(name, w))) continue;
    if (existsSync(path.join(toDir, name))) continue;
    try {
      linkSync(path.join(fromDir, name), path.join(toDir, name));
    } catch {
      copyFileSync(path.join(fromDir, name), path.join(toDir, name));
    }
    carried.push(name);
  }
  return carried;
}

interface BuildState {
  dataDir: string;
  name: string;
  dir: string;
  base: string | undefined;
  baseDir: string | undefined;
  carried: string[];
  memoryLimit: string;
}

class Build implements SnapshotBuild {
  readonly name: string;
  readonly dir: string;
  readonly base: string | undefined;
  readonly carried: readonly string[];

  constructor(private readonly state: BuildState) {
    this.name = state.name;
    this.base = state.base;
    this.dir = state.dir;
    this.carried = state.carried;
  }

  previousFile(file: string): string | undefined {
    const { baseDir } = this.state;
    return baseDir && existsSync(path.join(baseDir, file)) ? path.join(baseDir, file) : undefined;
  }

  has(file: string): boolean {
    return existsSync(path.join(this.dir, file));
  }

  async writeFile<T>(file: string, writer: FileWriter<T>, opts: WriteFileOptions = {}): Promise<T> {
    const config = await buildDuckdbConfig(this.state.dataDir, this.state.memoryLimit);
    const instance = await DuckDBInstance.create(path.join(this.dir, file), config);
    try {
      const conn = await instance.connect();
      try {
        const previous = opts.attachPrevious === undefined ? undefined : this.previousFile(file);
        if (previous) await attachReadOnly(conn, previous, opts.attachPrevious!);
        const result = await writer(conn, previous ? opts.attachPrevious : undefined);
        await conn.run('CHECKPOINT');
        return result;
      } finally {
        conn.closeSync();
      }
    } finally {
      instance.closeSync();
    }
  }
}
