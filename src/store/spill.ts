import { rmSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { THIS_PROCESS, ownerAlive, type Owner } from './process-owner.js';

/** The spill root of a process under DATA_DIR/tmp: `<pid>.<start>@<host>`. */
function spillRootName(owner: Owner): string {
  return `${owner.pid}.${owner.start}@${owner.host}`;
}

function parseSpillRootName(name: string): Owner | undefined {
  const m = /^(\d+)\.(\d+)@(.+)$/.exec(name);
  return m ? { pid: Number(m[1]), start: Number(m[2]), host: m[3]! } : undefined;
}

/**
 * The spill directories of this process's DuckDB instances, one per instance, under
 * DATA_DIR/tmp/<this process>/ (DuckDB creates the last level and removes it when it
 * closes; the process removes its own roots at exit, the next start those of dead ones).
 */
class SpillDirectories {
  private readonly roots = new Set<string>();
  private made = 0;

  async next(dataDir: string, label: string): Promise<string> {
    return path.join(await this.root(dataDir), `${label.replace(/[^\w.-]/g, '_')}-${++this.made}`);
  }

  /** This process's root under DATA_DIR/tmp, made if need be (and removed at exit). */
  async root(dataDir: string): Promise<string> {
    const root = path.resolve(dataDir, 'tmp', spillRootName(THIS_PROCESS));
    await mkdir(root, { recursive: true });
    if (!this.roots.has(root)) {
      if (this.roots.size === 0) {
        process.once('exit', () => this.roots.forEach((r) => rmSync(r, { recursive: true, force: true })));
      }
      this.roots.add(root);
    }
    return root;
  }
}

const spillDirectories = new SpillDirectories();

/** A fresh spill directory for one DuckDB instance of this process (see `SpillDirectories`). */
export function duckdbTempDir(dataDir: string, label: string): Promise<string> {
  return spillDirectories.next(dataDir, label);
}

/**
 * DuckDB settings of a snapshot build: the memory limit, a spill directory inside
 * DATA_DIR, and no insertion order where a statement has no ORDER BY, so large
 * inserts and aggregates may run in parallel and spill. The allocator's background
 * thread returns freed memory to the system as a build goes: without it, memory a
 * finished sort freed stayed resident and the process grew some 70 % past the limit.
 */
export async function buildDuckdbConfig(dataDir: string, memoryLimit: string): Promise<Record<string, string>> {
  return {
    memory_limit: memoryLimit,
    temp_directory: await duckdbTempDir(dataDir, 'build'),
    preserve_insertion_order: 'false',
    allocator_background_threads: 'true',
  };
}

/**
 * This process's directory under DATA_DIR/tmp, where its DuckDB instances spill and
 * its extract pipes live: removed at exit, and at the next start if it was killed.
 */
export function processTempDir(dataDir: string): Promise<string> {
  return spillDirectories.root(dataDir);
}

/** Removes the spill directories of processes of this host that are gone. */
export async function cleanSpillDirectories(dataDir: string): Promise<void> {
  const tmpRoot = path.join(dataDir, 'tmp');
  let entries: string[] = [];
  try {
    entries = await readdir(tmpRoot);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  for (const entry of entries) {
    const owner = parseSpillRootName(entry);
    if (owner && ownerAlive(owner) === false) await rm(path.join(tmpRoot, entry), { recursive: true, force: true });
  }
}
