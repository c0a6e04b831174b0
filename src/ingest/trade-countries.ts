import type { DuckDBConnection } from '@duckdb/node-api';
import { tradeCountryList } from '../reference/countries.js';
import type { AreaRef } from './areas.js';
import { IngestError } from './errors.js';
import type { Staged } from './staging.js';
import { readRows, textOf } from '../store/rows.js';

/**
 * Countries: the ISO list, the partners kept from earlier ingests (`old`), those the
 * staged rows name; sorted by ISO2. `added`: the staged partners beyond the other two.
 */
export async function countryList(
  conn: DuckDBConnection,
  staged: Staged,
  old: string | undefined,
): Promise<{ countries: AreaRef[]; added: AreaRef[] }> {
  const list = new Map<string, AreaRef>(
    tradeCountryList().map((c) => [c.iso2, { iso2: c.iso2, iso3: c.iso3, name: c.name, region: c.region }]),
  );
  if (old) {
    const kept = await conn.runAndReadAll(`SELECT iso2, iso3, name, region FROM ${old}.countries`);
    for (const { iso2, iso3, name, region } of readRows(kept, ['iso2', 'iso3', 'name', 'region'])) {
      // VARCHAR columns: strings, or null where the column allows it (iso3, region).
      if (typeof iso2 !== 'string' || list.has(iso2)) continue;
      const text = (v: unknown) => (typeof v === 'string' ? v : null);
      list.set(iso2, { iso2, iso3: text(iso3), name: text(name) ?? iso2, region: text(region) });
    }
  }
  const usedRows = await conn.runAndReadAll(`SELECT DISTINCT code FROM (
      SELECT exporter AS code FROM temp.staged_annual UNION SELECT importer FROM temp.staged_annual
      UNION SELECT exporter FROM temp.staged_monthly UNION SELECT importer FROM temp.staged_monthly) ORDER BY code`);
  const used = readRows(usedRows, ['code']).map((r) => textOf(r.code, 'a partner code'));
  const added: AreaRef[] = [];
  for (const iso2 of used) {
    const ref = staged.countries.get(iso2);
    if (ref && !list.has(iso2)) {
      list.set(iso2, ref);
      added.push(ref);
    }
  }
  const missing = used.filter((c) => !list.has(c));
  if (missing.length) {
    throw new IngestError(`flows name partners no country list describes (${missing.join(', ')}): nothing was loaded`);
  }
  return { countries: [...list.values()].sort((a, b) => (a.iso2 < b.iso2 ? -1 : 1)), added };
}

/** Moves the staged rows to `temp.incoming` and `temp.incoming_monthly`, partners by their ids. */
export async function numberStaged(conn: DuckDBConnection): Promise<void> {
  await conn.run(`CREATE TEMP TABLE incoming AS
    SELECT e.id AS exporter, i.id AS importer, s.hs6, s.year, s.value, s.qty
    FROM temp.staged_annual s JOIN countries e ON e.iso2 = s.exporter JOIN countries i ON i.iso2 = s.importer`);
  await conn.run(`CREATE TEMP TABLE incoming_monthly AS
    SELECT e.id AS exporter, i.id AS importer, s.hs6, s.month, s.value_exp, s.qty_exp, s.value_imp, s.qty_imp
    FROM temp.staged_monthly s JOIN countries e ON e.iso2 = s.exporter JOIN countries i ON i.iso2 = s.importer`);
  await conn.run('DROP TABLE temp.staged_annual');
  await conn.run('DROP TABLE temp.staged_monthly');
}
