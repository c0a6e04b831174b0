import type { DuckDBConnection } from '@duckdb/node-api';
import { TRADE_DDL } from '../trade/tables.js';
import { markIngested } from './origin.js';

/**
 * The HS edition flows were reported in, and the source that loaded them. An
 * ingest loads one edition and replaces whole exporter-years of annual flows, so an
 * annual edition is one per (exporter, year); a monthly one is per declaring
 * country and month (`country` is the exporter for its own declarations, the
 * importer for its own). `source` (a `TRADE_SOURCES` key; null in files written
 * before it was kept) lets a release replace whole years of its own source.
 */
export const EDITIONS_DDL = `CREATE TABLE editions (
  granularity VARCHAR NOT NULL CHECK (granularity IN ('annual', 'monthly')),
  country SMALLINT NOT NULL,
  period SMALLINT NOT NULL,
  hs_version SMALLINT NOT NULL,
  source VARCHAR,
  PRIMARY KEY (granularity, country, period)
)`;

/** Creates the tables of an ingested trade file: the trade tables, the editions, the mark of an ingest. */
export async function createTradeTables(conn: DuckDBConnection): Promise<void> {
  await conn.run(TRADE_DDL);
  await conn.run(EDITIONS_DDL);
  await markIngested(conn);
}
