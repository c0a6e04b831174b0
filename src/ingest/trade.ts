import type { DuckDBConnection } from '@duckdb/node-api';
import { mkdir, rm } from 'node:fs/promises';
import { PREVIOUS_ALIAS, buildSnapshot, type BuildSettings } from '../store/builder.js';
import { Progress } from '../store/progress.js';
import { NOMENCLATURE_FILE, TRADE_FILE } from '../store/snapshot-layout.js';
import { duckdbTempDir } from '../store/spill.js';
import { createTradeFile, deriveTradeTables, writeTradeCountries } from '../trade/file-format/index.js';
import { writeEditionFiles } from './trade-editions.js';
import type { AreaRef } from './areas.js';
import { ensureEconomics } from './economics.js';
import { IngestError, refuseTooManyBadRows } from './errors.js';
import { scalar } from './inspect.js';
import { isIngested, markIngested } from './origin.js';
import { STAGING_DDL, type Staged, type TradeInput } from './staging.js';
import { countryList, numberStaged } from './trade-countries.js';
import { mergeKeptRows, sameContent } from './trade-merge.js';
import { nameUnknownCodes, writeBundledProducts } from './trade-products.js';
import { TRADE_SOURCES, writeEditions, writeSources, type TradeSourceId } from './trade-sources.js';
import { readRows } from '../store/rows.js';

/** Phases of a trade ingest and their shares of its time (reading and the derived tables dominate). */
const TRADE_INGEST_PHASES = [
  ['read flows', 30],
  ['number partners and check keys', 5],
  ['merge kept rows', 10],
  ['sorted copies and aggregates', 45],
  ['checkpoint', 5],
  ['publish', 5],
] as const;

export interface TradeIngestReport {
  /** The published snapshot; the serving one when nothing changed. */
  snapshot: string;
  /** Whether the input held exactly what the serving snapshot holds for it: nothing was published. */
  unchanged: boolean;
  flows: number;
  monthly: number;
  hsVersion: number;
  badRowCount: number;
  /** Codes of the batch's edition that neither the trade file nor the nomenclature names. */
  unknownCodes: number[];
  /** Partners the default country list lacks (areas without an ISO code, former countries …), as served. */
  addedCountries: AreaRef[];
  carried: string[];
}

export interface TradeIngestOptions {
  /** More bad rows than this and nothing is loaded. */
  maxBadRows: number;
  source: TradeSourceId;
  /** Hears what the adapter staged (bad rows, codes not loaded) before anything is loaded. */
  onStaged?: (staged: Staged) => void;
  settings?: BuildSettings;
}

/** The serving snapshot already holds exactly this input: the build is dropped. */
class NothingChanged extends Error {
  constructor(
    readonly snapshot: string,
    readonly written: TradeWritten,
  ) {
    super('nothing changed');
  }
}

/**
 * Publishes a snapshot whose trade data are the input's annual flows and monthly
 * declarations (plus, when the serving trade data are already ingested, their
 * earlier rows except the exporter-years and monthly flows the input covers). Real
 * data replaces the generated sample and never mixes with it.
 *
 * The adapter stages its rows in the file being written (DuckDB spills them past
 * its memory limit); a input with more bad rows than allowed, or none to load, is
 * refused there and nothing is published. Every row staged is loaded: the country
 * list grows by the partners the input names beyond it (ids stay in ISO2 order;
 * kept rows are renumbered). Flows keep their HS edition (the `editions` table).
 * Codes no product list names in that edition are added with a note and reported.
 * Every other file of the serving snapshot is carried over. An input that changes
 * nothing (the same release again) publishes nothing.
 */
export async function ingestTrade(
  dataDir: string,
  input: TradeInput,
  opts: TradeIngestOptions,
): Promise<TradeIngestReport> {
  const progress = new Progress('trade ingest', TRADE_INGEST_PHASES);
  const scratchDir = await duckdbTempDir(dataDir, 'unpacked');
  await mkdir(scratchDir, { recursive: true });
  try {
    const { name, carried, written } = await buildSnapshot(dataDir, {
      replaces: [TRADE_FILE],
      progress,
      settings: opts.settings,
      write: async (build) => {
        const nomenclature = build.previousFile(NOMENCLATURE_FILE);
        const write = (conn: DuckDBConnection, old: string | undefined) =>
          writeTrade(conn, { input, opts, old, nomenclature, progress, scratchDir, serving: build.base });
        const trade = await build.writeFile(TRADE_FILE, write, { attachPrevious: PREVIOUS_ALIAS });
        await writeEditionFiles(build);
        progress.phase('publish');
        await ensureEconomics(build);
        return trade;
      },
    });
    progress.done(written.flows + written.monthly);
    return { snapshot: name, unchanged: false, ...written, carried };
  } catch (err) {
    if (!(err instanceof NothingChanged)) throw err;
    progress.stop();
    return { ...err.written, snapshot: err.snapshot, unchanged: true, carried: [] };
  } finally {
    await rm(scratchDir, { recursive: true, force: true });
  }
}

interface TradeWrite {
  input: TradeInput;
  opts: TradeIngestOptions;
  /** Alias of the serving snapshot's trade file when it holds ingested data to keep. */
  old: string | undefined;
  /** The serving snapshot's nomenclature file, when it has one. */
  nomenclature: string | undefined;
  progress: Progress;
  scratchDir: string;
  /** The serving snapshot's name, if any. */
  serving: string | undefined;
}

type TradeWritten = Omit<TradeIngestReport, 'snapshot' | 'unchanged' | 'carried'>;

/** Writes the new trade file: countries, the input's flows, the kept ones, then the derived tables. */
async function writeTrade(conn: DuckDBConnection, w: TradeWrite): Promise<TradeWritten> {
  const { progress } = w;
  progress.phase('read flows');
  await createTradeFile(conn);
  await markIngested(conn);
  await conn.run(STAGING_DDL);
  const staged = await w.input.stage(conn, { progress, scratchDir: w.scratchDir });
  w.opts.onStaged?.(staged);
  const rows = await checkStaged(conn, staged, w.opts.maxBadRows);
  progress.phase('number partners and check keys', rows.flows + rows.monthly);
  // Ingested data are kept and added to; a generated sample is replaced, never mixed with.
  const old = w.old && (await isIngested(conn, w.old)) ? w.old : undefined;
  const { countries, added } = await countryList(conn, staged, old);
  await writeTradeCountries(conn, countries);
  await numberStaged(conn);

  await refuseDuplicateKeys(conn);

  progress.phase('merge kept rows');
  if (old) await mergeKeptRows(conn, old, w.opts.source);
  else await writeBundledProducts(conn);
  await conn.run('INSERT INTO annual SELECT * FROM temp.incoming');
  await conn.run('INSERT INTO monthly SELECT * FROM temp.incoming_monthly');
  await writeEditions(conn, { edition: staged.hsVersion, source: w.opts.source }, old);
  await writeSources(conn, TRADE_SOURCES[w.opts.source], old);
  const unknownCodes = await nameUnknownCodes(conn, staged.hsVersion, w.nomenclature);
  // Reporters: exporters of annual flows (BACI lists flows by exporter) and the declaring sides of monthly ones.
  await conn.run(`UPDATE countries SET is_reporter = true WHERE id IN (
    SELECT exporter FROM annual UNION SELECT exporter FROM monthly WHERE value_exp IS NOT NULL
    UNION SELECT importer FROM monthly WHERE value_imp IS NOT NULL)`);
  const written = {
    ...rows,
    hsVersion: staged.hsVersion,
    badRowCount: staged.badRowCount,
    unknownCodes,
    addedCountries: added,
  };
  if (old && w.serving && (await sameContent(conn, old))) throw new NothingChanged(w.serving, written);

  progress.phase('sorted copies and aggregates');
  await deriveTradeTables(conn, (done, total) => progress.share(done / total));
  progress.phase('checkpoint');
  return written;
}

/** Refuses what cannot be loaded whole: too many bad rows, no row at all, an edition that is no year. */
async function checkStaged(conn: DuckDBConnection, staged: Staged, maxBadRows: number) {
  refuseTooManyBadRows(staged.badRows, maxBadRows, staged.badRowCount);
  const flows = await scalar(conn, 'SELECT count(*) FROM temp.staged_annual');
  const monthly = await scalar(conn, 'SELECT count(*) FROM temp.staged_monthly');
  if (flows + monthly === 0) throw new IngestError('no flow could be loaded: nothing was changed', staged.badRows);
  const edition = staged.hsVersion;
  // The edition reaches SQL text as a number: it must be a plausible year.
  if (!Number.isInteger(edition) || edition < 1988 || edition > 2100) {
    throw new IngestError(`HS edition ${edition} is not a year`);
  }
  return { flows, monthly };
}

/**
 * Refuses duplicate annual keys, one year at a time (a year of a release is some
 * 11 M rows: the set of its keys fits the memory limit, or spills). A key packs into
 * one integer: ids are SMALLINTs (16 bits each), HS6 codes below 2^20.
 */
async function refuseDuplicateKeys(conn: DuckDBConnection): Promise<void> {
  const years = await conn.runAndReadAll('SELECT DISTINCT year FROM temp.incoming ORDER BY year');
  let dup = 0;
  for (const { year } of readRows(years, ['year'])) {
    dup += await scalar(
      conn,
      `SELECT count(*) - count(DISTINCT (exporter::BIGINT << 36) | (importer::BIGINT << 20) | hs6::BIGINT)
       FROM temp.incoming WHERE year = ${Number(year)}`,
    );
  }
  if (dup > 0) throw new IngestError(`${dup} duplicate (exporter, importer, product, year) keys: nothing was loaded`);
}
