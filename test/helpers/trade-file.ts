import path from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { readCurrentName, snapshotsDir } from '../../src/store/snapshot-layout.js';

/** The trade file a server serves, opened read-only beside it, for tests that compute their own answers. */
export interface TradeFile {
  conn: DuckDBConnection;
  /** The latest year of its annual flows. */
  latestYear: number;
  close(): void;
}

export async function openServedTradeFile(dataDir: string): Promise<TradeFile> {
  const file = path.join(snapshotsDir(dataDir), (await readCurrentName(dataDir))!, 'trade.duckdb');
  const instance = await DuckDBInstance.create(file, { access_mode: 'READ_ONLY' });
  const conn = await instance.connect();
  const year = (await conn.runAndReadAll('SELECT max(year) AS y FROM annual_by_year')).getRowObjects()[0]!.y;
  return {
    conn,
    latestYear: Number(year),
    close: () => {
      conn.closeSync();
      instance.closeSync();
    },
  };
}
