import type { DuckDBConnection } from '@duckdb/node-api';
import { SAMPLE_SCALE_DEFAULT } from '../settings.js';
import { buildSnapshot, type BuildSettings, type SnapshotBuild } from '../store/builder.js';
import { Progress, type ProgressSink } from '../store/progress.js';
import { ECONOMICS_FILE, TRADE_FILE, readCurrentName } from '../store/snapshot-layout.js';
import { writeSampleEconomics } from './economics.js';
import { HS_PRODUCTS } from '../reference/hs.js';
import { nomenclatureProducts } from './products.js';
import { writeSampleTrade, type TradeSampleReport } from './trade.js';
import { DEFAULT_HS_EDITION } from '../trade/catalogue.js';
import { readNumber } from '../store/rows.js';

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
  /** Where progress lines go (default: the process's default sink). */
  progress?: ProgressSink;
  /** DuckDB's memory limit of the build (it spills to DATA_DIR/tmp beyond it), the snapshots kept. */
  settings?: BuildSettings;
}

/**
 * The phases of a sample build and their shares of its time (measured at
 * SAMPLE_SCALE=0.05; the trade phases grow with the scale, economics does not).
 */
export const SAMPLE_BUILD_PHASES = [
  ['economics', 2],
  ['trade: countries and products', 1],
  ['trade: pair-product flows', 2],
  ['trade: monthly flows', 30],
  ['trade: annual sums', 6],
  ['trade: sorted copies and aggregates', 55],
  ['trade: checkpoint', 3],
  ['publish', 1],
] as const satisfies ReadonlyArray<readonly [string, number]>;

/** Rows written so far to the trade fact tables (a metadata read: cheap at any size). */
async function tradeRows(conn: DuckDBConnection): Promise<number> {
  const r = await conn.runAndReadAll(
    'SELECT ((SELECT count(*) FROM monthly) + (SELECT count(*) FROM annual))::DOUBLE AS n',
  );
  return readNumber(r, 'n');
}

export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

interface SampleWritten {
  counts: { series: number; observations: number };
  trade: TradeSampleReport;
  /** Rows of economics and trade written. */
  rows: number;
}

/** Writes the sample's economics file, then its trade file. */
async function writeSample(
  build: SnapshotBuild,
  opts: SampleBuildOptions & { asOf: string },
  progress: Progress,
): Promise<SampleWritten> {
  progress.phase('economics');
  const { seed, asOf } = opts;
  const counts = await build.writeFile(ECONOMICS_FILE, (conn) => writeSampleEconomics(conn, { seed, asOf }));
  const econRows = counts.observations;
  const products = opts.hsFile ? await nomenclatureProducts(opts.hsFile, seed) : HS_PRODUCTS;
  progress.phase('trade: countries and products', econRows);
  const trade = await build.writeFile(TRADE_FILE, async (conn) => {
    const report = await writeSampleTrade(conn, {
      seed,
      asOf,
      scale: opts.scale ?? SAMPLE_SCALE_DEFAULT,
      products,
      hsVersion: DEFAULT_HS_EDITION,
      onPhase: async (phase) => progress.phase(`trade: ${phase}`, econRows + (await tradeRows(conn))),
      onStep: (done, total) => progress.share(done / total),
    });
    progress.phase('trade: checkpoint', econRows + report.annual + report.monthly);
    return report;
  });
  const rows = econRows + trade.annual + trade.monthly;
  progress.phase('publish', rows);
  return { counts, trade, rows };
}

/**
 * Builds the generated sample dataset (economics and trade) as a new snapshot and
 * publishes it. DuckDB runs under the memory limit and spills to DATA_DIR/tmp; the
 * snapshot directory stays marked as building until it is published, so a killed
 * build is recognised and removed by the next start. A whole dataset: nothing of
 * a serving snapshot is carried over.
 */
export async function buildSampleSnapshot(dataDir: string, opts: SampleBuildOptions): Promise<SampleBuildReport> {
  const started = performance.now();
  const progress = new Progress('sample build', SAMPLE_BUILD_PHASES, { sink: opts.progress });
  const { name, written } = await buildSnapshot(dataDir, {
    replaces: 'all',
    settings: opts.settings,
    progress,
    write: (build) => writeSample(build, { ...opts, asOf: opts.asOf ?? todayUtc() }, progress),
  });
  progress.done(written.rows);
  const durationMs = Math.round(performance.now() - started);
  return { snapshot: name, ...written.counts, trade: written.trade, durationMs };
}

/** On first start (no snapshot published yet), builds the sample; otherwise does nothing. */
export async function ensureDataset(dataDir: string, opts: SampleBuildOptions): Promise<SampleBuildReport | undefined> {
  if (await readCurrentName(dataDir)) return undefined;
  return buildSampleSnapshot(dataDir, opts);
}
