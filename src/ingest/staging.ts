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

export interface AnnualFlow {
  exporter: string;
  importer: string;
  hs6: number;
  year: number;
  value: number;
  qty: number | null;
}

/** One monthly flow with each side's declaration (null where that side did not declare). */
export interface MonthlyFlow {
  exporter: string;
  importer: string;
  hs6: number;
  /** Months since January 2000. */
  month: number;
  value_exp: number | null;
  qty_exp: number | null;
  value_imp: number | null;
  qty_imp: number | null;
}

/** Flows an adapter read into memory (API pages, of bounded size), ready to stage. */
export interface TradeBatch {
  flows: AnnualFlow[];
  monthly?: MonthlyFlow[];
  /** HS edition the flows were reported in (every code of the batch is of that edition). */
  hsVersion: number;
  /** Every country or area the flows name, by the ISO2 (or area) code they use. */
  countries: Map<string, AreaRef>;
  badRows: BadRow[];
  unmapped: NotLoaded;
}

/** A batch read into memory as an input: its rows appended to the staging tables. */
export function batchInput(batch: TradeBatch): TradeInput {
  return {
    async stage(conn) {
      const app = await conn.createAppender('staged_annual', 'main', 'temp');
      for (const f of batch.flows) {
        app.appendVarchar(f.exporter);
        app.appendVarchar(f.importer);
        app.appendInteger(f.hs6);
        app.appendSmallInt(f.year);
        app.appendDouble(f.value);
        appendNullable(app, f.qty);
        app.endRow();
      }
      app.closeSync();
      const mApp = await conn.createAppender('staged_monthly', 'main', 'temp');
      for (const m of batch.monthly ?? []) {
        mApp.appendVarchar(m.exporter);
        mApp.appendVarchar(m.importer);
        mApp.appendInteger(m.hs6);
        mApp.appendSmallInt(m.month);
        for (const v of [m.value_exp, m.qty_exp, m.value_imp, m.qty_imp]) appendNullable(mApp, v);
        mApp.endRow();
      }
      mApp.closeSync();
      const { hsVersion, countries, badRows, unmapped } = batch;
      return { hsVersion, countries, badRows, badRowCount: badRows.length, unmapped };
    },
  };
}

function appendNullable(app: { appendDouble(v: number): void; appendNull(): void }, v: number | null): void {
  if (v === null) app.appendNull();
  else app.appendDouble(v);
}
