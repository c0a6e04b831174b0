import type { DuckDBConnection } from '@duckdb/node-api';
import type { Progress } from '../store/progress.js';
import type { AreaRef } from './areas.js';
import type { NotLoaded } from './report.js';
import type { BadRow } from './types.js';

/**
 * The tables a trade adapter stages its rows in, temporary tables of the file being
 * written (they spill to disk past the memory limit): partners by ISO2 (or area)
 * code, values in USD, quantities in kg. The ingest numbers the partners, checks
 * the keys and loads them from there.
 */
export const STAGING_DDL = `
CREATE TEMP TABLE staged_annual (exporter VARCHAR NOT NULL, importer VARCHAR NOT NULL, hs6 INTEGER NOT NULL,
  year SMALLINT NOT NULL, value DOUBLE NOT NULL, qty DOUBLE);
CREATE TEMP TABLE staged_monthly (exporter VARCHAR NOT NULL, importer VARCHAR NOT NULL, hs6 INTEGER NOT NULL,
  month SMALLINT NOT NULL, value_exp DOUBLE, qty_exp DOUBLE, value_imp DOUBLE, qty_imp DOUBLE);
`;

/** Bad rows kept with their file, line and reason; beyond them only the count grows. */
export const BAD_ROWS_KEPT = 1000;

/** What an adapter staged. */
export interface Staged {
  /** HS edition of every staged code. */
  hsVersion: number;
  /** Every country or area the staged rows may name, by the ISO2 (or area) code they use. */
  countries: Map<string, AreaRef>;
  /** The first bad rows (at most `BAD_ROWS_KEPT`), in the order of the input. */
  badRows: BadRow[];
  /** All bad rows. */
  badRowCount: number;
  unmapped: NotLoaded;
}

export interface StageContext {
  progress: Progress;
  /** A folder of this ingest's own for files it unpacks; removed after the ingest. */
  scratchDir: string;
}

/** A trade adapter's input, staged into `STAGING_DDL`'s tables on the connection of the file being written. */
export interface TradeInput {
  stage(conn: DuckDBConnection, ctx: StageContext): Promise<Staged>;
}
