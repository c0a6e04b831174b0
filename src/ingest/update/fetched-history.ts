import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { EconomicsObservation } from '../types.js';

/**
 * `DATA_DIR/state/sources/<id>.json`: what a source's agency has published, as
 * fetched (before `scale` and `derive`), kept whole so an incremental answer
 * (`updatedAfter`) can be merged into it and every point derived again (§7).
 */
export const historyFile = (dataDir: string, sourceId: string) =>
  path.join(dataDir, 'state', 'sources', `${sourceId}.json`);

const isObservation = (o: unknown): o is EconomicsObservation => {
  const r = o as Record<string, unknown> | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.country_id === 'string' &&
    typeof r.kpi_id === 'string' &&
    typeof r.frequency === 'string' &&
    typeof r.date === 'string' &&
    typeof r.value === 'number' &&
    (r.obs_status === null || typeof r.obs_status === 'string')
  );
};

/** A source's kept history; undefined when there is none or it cannot be read (the next fetch is then whole). */
export async function readFetchedHistory(
  dataDir: string,
  sourceId: string,
): Promise<EconomicsObservation[] | undefined> {
  try {
    const parsed = JSON.parse(await readFile(historyFile(dataDir, sourceId), 'utf8')) as { observations?: unknown };
    const list = parsed.observations;
    return Array.isArray(list) && list.every(isObservation) ? list : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Writes a source's new history beside the kept one (`<id>.json.<pid>.pending`), so
 * a run holds no history in memory while it waits to publish; `keepFetchedHistory`
 * puts it in place once published, `dropFetchedHistory` removes it otherwise.
 */
export async function writePendingHistory(
  dataDir: string,
  sourceId: string,
  observations: readonly EconomicsObservation[],
): Promise<string> {
  const file = historyFile(dataDir, sourceId);
  await mkdir(path.dirname(file), { recursive: true });
  const pending = `${file}.${process.pid}.pending`;
  try {
    await writeFile(pending, `${JSON.stringify({ version: 1, observations })}\n`);
  } catch (err) {
    await rm(pending, { force: true });
    throw err;
  }
  return pending;
}

/** Replaces a source's kept history whole with its pending one, atomically (a rename). */
export async function keepFetchedHistory(dataDir: string, sourceId: string, pending: string): Promise<void> {
  await rename(pending, historyFile(dataDir, sourceId));
}

/** Removes a pending history that was not published. */
export async function dropFetchedHistory(pending: string): Promise<void> {
  await rm(pending, { force: true });
}
