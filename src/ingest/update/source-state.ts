import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Validators } from './fetch-source.js';

/** What one run did with a source. */
export type SourceResult = 'updated' | 'unchanged' | 'skipped' | 'failed';

/** What one run did with a source, and its counts. */
export interface SourceRun {
  result: SourceResult;
  reason: string | null;
  /** Series the serving snapshot did not hold. */
  series_new: number;
  /** Series with a revised, added or withdrawn observation. */
  series_revised: number;
  series_unchanged: number;
  observations: number;
  seconds: number;
}

/** What the state keeps of a source between runs (`npm run update -- status`): its last run, and more. */
export interface SourceState extends SourceRun {
  last_attempt: string;
  /** The last run that fetched it whole or was told nothing changed (and published what it read). */
  last_success: string | null;
  /** The validators of the answer that was published, for the next conditional request. */
  validators: Validators;
  /**
   * When the last successful fetch started (this machine's clock, whatever the
   * update's): an SDMX source's next query asks only what changed after it.
   */
  fetched_at?: string;
  /** Runs in which it failed, since its state began. */
  failures?: number;
}

export type UpdateState = Record<string, SourceState>;

/** `DATA_DIR/state/update-sources.json`, beside the access state. */
export const stateFile = (dataDir: string) => path.join(dataDir, 'state', 'update-sources.json');

/** The state of every source updated before (none on a first run; a file that cannot be read counts as none). */
export async function readUpdateState(dataDir: string): Promise<UpdateState> {
  try {
    const parsed = JSON.parse(await readFile(stateFile(dataDir), 'utf8')) as { sources?: UpdateState };
    return parsed.sources && typeof parsed.sources === 'object' ? parsed.sources : {};
  } catch {
    return {};
  }
}

/** Replaces the state whole, atomically (a rename), so a killed run never leaves half a file. */
export async function writeUpdateState(dataDir: string, state: UpdateState): Promise<void> {
  const file = stateFile(dataDir);
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify({ version: 1, sources: state }, null, 2)}\n`);
  await rename(tmp, file);
}
