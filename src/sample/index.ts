import { DuckDBInstance } from '@duckdb/node-api';
import path from 'node:path';
import { ECONOMICS_FILE, TRADE_FILE, createSnapshotDir, publishSnapshot, readCurrentName } from '../store/snapshot.js';
import { writeSampleEconomics } from './economics.js';
import { bundledProducts, nomenclatureProducts } from './products.js';
import { writeSampleTrade, type TradeSampleReport } from './trade.js';

export interface SampleBuildReport {
  snapshot: string;
  series: number;
  observations: number;
  trade: TradeSampleReport;
  durationMs: number;
}

export interface SampleBuildOptions {
  seed: number;
  asOf?: string;
  /** Trade sample size; 1 = at least 50 million annual observations. */
  scale?: number;
  /** HS nomenclature CSV to draw products from instead of the bundled list. */
  hsFile?: string;
}

export const DEFAULT_SAMPLE_SCALE = 0.02;

async function writeDatabase(file: string, write: (conn: import('@duckdb/node-api').DuckDBConnection) => Promise<void>): Promise<void> {
  const instance = await DuckDBInstance.create(file);
  const conn = await instance.connect();
  try {
    await write(conn);
    await conn.run('CHECKPOINT');
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Builds the generated sample dataset (economics and trade) as a new snapshot and publishes it. */
export async function buildSampleSnapshot(dataDir: string, opts: SampleBuildOptions): Promise<SampleBuildReport> {
  const started = performance.now();
  const asOf = opts.asOf ?? todayUtc();
  const { name, dir } = await createSnapshotDir(dataDir);
  let counts = { series: 0, observations: 0 };
  await writeDatabase(path.join(dir, ECONOMICS_FILE), async (conn) => {
    counts = await writeSampleEconomics(conn, { seed: opts.seed, asOf });
  });
  const products = opts.hsFile ? await nomenclatureProducts(opts.hsFile, opts.seed) : bundledProducts();
  let trade!: TradeSampleReport;
  await writeDatabase(path.join(dir, TRADE_FILE), async (conn) => {
    trade = await writeSampleTrade(conn, { seed: opts.seed, asOf, scale: opts.scale ?? DEFAULT_SAMPLE_SCALE, products, hsVersion: 2022 });
  });
  await publishSnapshot(dataDir, name);
  return { snapshot: name, ...counts, trade, durationMs: Math.round(performance.now() - started) };
}

/** On first start (no snapshot published yet), builds the sample; otherwise does nothing. */
export async function ensureDataset(dataDir: string, opts: SampleBuildOptions): Promise<SampleBuildReport | undefined> {
  if (await readCurrentName(dataDir)) return undefined;
  return buildSampleSnapshot(dataDir, opts);
}
