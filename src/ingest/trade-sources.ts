import type { DuckDBConnection } from '@duckdb/node-api';
import { tableNames } from '../store/duckdb.js';
import { hasColumn } from './inspect.js';
import type { Provenance } from './types.js';

/** Where each trade adapter's figures come from. */
export const TRADE_SOURCES = {
  baci: {
    source_name: 'CEPII BACI',
    source_url: 'https://www.cepii.fr/CEPII/en/bdd_modele/bdd_modele_item.asp?id=37',
    license_id: 'etalab-2.0',
    attribution_text: 'CEPII BACI (Gaulier and Zignago, 2010), reconciled from UN Comtrade declarations.',
  },
  comtrade: {
    source_name: 'UN Comtrade',
    source_url: 'https://comtradeplus.un.org/',
    license_id: 'UN-Comtrade-terms',
    attribution_text: 'United Nations Comtrade Database, United Nations Statistics Division.',
  },
} as const satisfies Record<string, Provenance>;

export type TradeSourceId = keyof typeof TRADE_SOURCES;

/** The batch's edition for what it covers; earlier editions for what it keeps. */
export async function writeEditions(
  conn: DuckDBConnection,
  loaded: { edition: number; source: TradeSourceId },
  old: string | undefined,
): Promise<void> {
  const { edition } = loaded;
  await conn.run(
    `INSERT INTO editions
    SELECT DISTINCT 'annual', exporter, year, ${edition}, $1 FROM temp.incoming
    UNION SELECT DISTINCT 'monthly', exporter, month, ${edition}, $1 FROM temp.incoming_monthly
      WHERE value_exp IS NOT NULL
    UNION SELECT DISTINCT 'monthly', importer, month, ${edition}, $1 FROM temp.incoming_monthly
      WHERE value_imp IS NOT NULL`,
    [loaded.source],
  );
  if (old && (await tableNames(conn, old)).has('editions')) {
    const source = (await hasColumn(conn, old, 'editions.source')) ? 'e.source' : 'NULL';
    // Not those of the exporter-years the input replaced (their rows are gone).
    await conn.run(`INSERT OR IGNORE INTO editions
      SELECT e.granularity, m.new_id, e.period, e.hs_version, ${source}
      FROM ${old}.editions e JOIN temp.idmap m ON e.country = m.old_id
      WHERE e.granularity = 'monthly' OR (e.country, e.period) NOT IN (SELECT exporter, year FROM temp.replaced)`);
  }
}

/**
 * Sources: the batch's for the countries whose declarations it loads (the
 * reporters' rule); earlier ones stay listed for the figures they may still hold.
 */
export async function writeSources(conn: DuckDBConnection, p: Provenance, old: string | undefined): Promise<void> {
  await conn.run(
    `INSERT INTO sources SELECT country, $1, $2, $3, $4 FROM (
      SELECT exporter AS country FROM temp.incoming
      UNION SELECT exporter FROM temp.incoming_monthly WHERE value_exp IS NOT NULL
      UNION SELECT importer FROM temp.incoming_monthly WHERE value_imp IS NOT NULL)`,
    [p.source_name, p.source_url, p.license_id, p.attribution_text],
  );
  if (old && (await tableNames(conn, old)).has('sources')) {
    await conn.run(`INSERT OR IGNORE INTO sources
      SELECT m.new_id, s.source_name, s.source_url, s.license_id, s.attribution_text
      FROM ${old}.sources s JOIN temp.idmap m ON s.country = m.old_id`);
  }
}
