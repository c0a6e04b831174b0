import { createHash } from 'node:crypto';
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Fixed as-of date so every run sees the same sample numbers. */
export const TEST_AS_OF = '2026-06-15';
/** A small trade sample keeps the one build of a run to a few seconds. */
export const TEST_SCALE = 0.003;
const TEST_SEED = 20240101;

const CACHE_ROOT = path.join(tmpdir(), 'econtrade-test-sample');

/**
 * The build every test file of one `npm test` run shares (test/run.sh sets it to the
 * directory `test/helpers/build-sample.ts` printed), so that an edit of `src/` while
 * the run goes on neither rebuilds the sample in later files nor removes the build
 * that concurrent files link from.
 */
export const PINNED_SAMPLE_ENV = 'ECONTRADE_TEST_SAMPLE';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sourceFiles(full) : full.endsWith('.ts') ? [full] : [];
  });
}

/** The cache key: the sample parameters and every source file, so a code change never reuses a stale build. */
function cacheKey(): string {
  const hash = createHash('sha256').update(JSON.stringify([TEST_SEED, TEST_AS_OF, TEST_SCALE]));
  for (const file of sourceFiles(path.resolve('src')).sort()) hash.update(file).update(readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

/** A build a run pinned (or that was built) less than this long ago is kept. */
const PINNED_FOR_MS = 15 * 60_000;

function usedLately(dir: string): boolean {
  try {
    return Date.now() - statSync(dir).mtimeMs < PINNED_FOR_MS;
  } catch {
    return false;
  }
}

/** Marks a build as used by a run starting now, so that no other run removes it meanwhile. */
export function markUsed(dir: string): void {
  const now = new Date();
  utimesSync(dir, now, now);
}

/** A `<key>.<pid>.tmp` directory whose process still runs. */
function isLiveBuild(name: string): boolean {
  const pid = Number(name.split('.')[1]);
  if (!name.endsWith('.tmp') || !Number.isInteger(pid)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The test sample, built once per code version and shared read-only by every test
 * file. `npm test` builds it before the test files run (they run two at a time)
 * and pins it for the run; a test file run alone builds it on first use.
 */
export async function cachedSample(): Promise<string> {
  const pinned = process.env[PINNED_SAMPLE_ENV];
  if (pinned) {
    if (!existsSync(path.join(pinned, 'CURRENT'))) throw new Error(`${PINNED_SAMPLE_ENV}=${pinned} holds no sample`);
    return pinned;
  }
  const dir = path.join(CACHE_ROOT, cacheKey());
  if (existsSync(path.join(dir, 'CURRENT'))) return dir;
  mkdirSync(CACHE_ROOT, { recursive: true });
  // Builds of other code versions (unless a run pinned one lately) and unfinished builds of dead processes.
  for (const old of readdirSync(CACHE_ROOT)) {
    const full = path.join(CACHE_ROOT, old);
    if (old === path.basename(dir) || isLiveBuild(old) || usedLately(full)) continue;
    rmSync(full, { recursive: true, force: true });
  }
  const building = `${dir}.${process.pid}.tmp`;
  // Imported here: a test file that only needs the constants above does not load the generator.
  const { ensureDataset } = await import('../../src/sample/index.js');
  await ensureDataset(building, { seed: TEST_SEED, asOf: TEST_AS_OF, scale: TEST_SCALE });
  try {
    renameSync(building, dir);
  } catch (err) {
    // Another process published the same build first: use that one.
    if (!existsSync(path.join(dir, 'CURRENT'))) throw err;
    rmSync(building, { recursive: true, force: true });
  }
  return dir;
}

/**
 * Gives `dataDir` the test sample as its serving snapshot, unless it already has
 * one. The snapshot's files are hard links to the shared build: published snapshot
 * files are never written again (servers open them read-only, ingests write new
 * files), so every test owns its DATA_DIR while the sample is built once.
 */
export async function provideSample(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'CURRENT'))) return;
  const cache = await cachedSample();
  const name = readFileSync(path.join(cache, 'CURRENT'), 'utf8').trim();
  const from = path.join(cache, 'snapshots', name);
  const to = path.join(dataDir, 'snapshots', name);
  mkdirSync(to, { recursive: true });
  for (const file of readdirSync(from)) if (!file.startsWith('.')) linkSync(path.join(from, file), path.join(to, file));
  writeFileSync(path.join(dataDir, 'CURRENT'), `${name}\n`);
}
