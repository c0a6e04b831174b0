import { DuckDBInstance } from '@duckdb/node-api';
import path from 'node:path';
import { ECONOMICS_FILE, createSnapshotDir, publishSnapshot, readCurrentName } from '../store/snapshot.js';
import { writeSampleEconomics } from './economics.js';

export interface SampleBuildReport {
  snapshot: string;
  series: number;
  observations: number;
  durationMs: number;
}

export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Builds the generated sample dataset as a new snapshot and publishes it. */
export async function buildSampleSnapshot(dataDir: string, opts: { seed: number; asOf?: string }): Promise<SampleBuildReport> {
  const started = performance.now();
  const { name, dir } = await createSnapshotDir(dataDir);
  const instance = await DuckDBInstance.create(path.join(dir, ECONOMICS_FILE));
  const conn = await instance.connect();
  try {
    const counts = await writeSampleEconomics(conn, { seed: opts.seed, asOf: opts.asOf ?? todayUtc() });
    await conn.run('CHECKPOINT');
    conn.closeSync();
    instance.closeSync();
    await publishSnapshot(dataDir, name);
    return { snapshot: name, ...counts, durationMs: Math.round(performance.now() - started) };
  } catch (err) {
    conn.closeSync();
    instance.closeSync();
    throw err;
  }
}

/** On first start (no snapshot published yet), builds the sample; otherwise does nothing. */
export async function ensureDataset(dataDir: string, opts: { seed: number; asOf?: string }): Promise<SampleBuildReport | undefined> {
  if (await readCurrentName(dataDir)) return undefined;
  return buildSampleSnapshot(dataDir, opts);
}
