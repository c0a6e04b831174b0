import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Collector } from '../collector.js';
import type { SourceMapping } from '../mapping.js';
import type { EconomicsBatch } from '../types.js';

/**
 * World Bank data: API v2 JSON pages (`[meta, rows]`) or the long CSV
 * (`Country Name,Country Code,Year,Value`, whose indicator code the caller names
 * with `--indicator`, as the file does not carry it).
 */
export function readWorldBank(files: string[], opts: { indicator?: string }, mapping: SourceMapping): EconomicsBatch {
  const c = new Collector(mapping.countries);
  const series = (code: string) => ({ code: `indicator ${code}`, ...mapping.indicators[code] });
  for (const file of files) {
    const name = path.basename(file);
    if (file.endsWith('.json')) {
      const doc = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (!Array.isArray(doc) || doc.length < 2 || !Array.isArray(doc[1])) {
        c.bad(name, 1, 'not a World Bank API v2 response ([meta, rows])');
        continue;
      }
      (doc[1] as Array<Record<string, any>>).forEach((row, i) => {
        c.add({
          file: name,
          line: i + 1,
          ...series(row.indicator?.id ?? ''),
          country: String(row.countryiso3code || row.country?.id || ''),
          countryName: row.country?.value,
          period: String(row.date ?? ''),
          value: row.value,
          status: row.obs_status,
        });
      });
      continue;
    }
    if (!opts.indicator) throw new Error(`${name}: the long CSV form needs --indicator CODE (e.g. NY.GDP.MKTP.CD)`);
    const records = parse(readFileSync(file), {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
    const [header, ...rows] = records;
    const cols = (header?.record ?? []).map((h) => h.trim().toLowerCase());
    const code = cols.indexOf('country code');
    const year = cols.indexOf('year');
    const countryName = cols.findIndex((h) => h === 'country name' || h === 'country');
    if (code < 0 || year < 0 || cols.length < 4)
      throw new Error(`${name}: expected columns Country Name,Country Code,Year,Value`);
    for (const { record, info } of rows) {
      if (record.length < 4) {
        c.bad(name, info.lines, `expected 4 columns, got ${record.length}`);
        continue;
      }
      c.add({
        file: name,
        line: info.lines,
        ...series(opts.indicator),
        country: record[code]!,
        countryName: countryName < 0 ? undefined : record[countryName],
        period: record[year]!,
        value: record[cols.length - 1],
      });
    }
  }
  return c.batch(mapping.source);
}
