import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Collector } from '../collector.js';
import type { SourceMapping } from '../mapping.js';
import type { EconomicsBatch } from '../types.js';
import { asArray, asString, at, isRecord, readJsonFile, scalarText, type JsonObject } from './json.js';

/** What the adapter reads of a row of an API v2 page. */
interface WorldBankRow {
  indicator: string;
  /** The ISO3 code, else the API's own code of the country or aggregate. */
  country: string;
  countryName: string | undefined;
  period: string;
  value: unknown;
  status: string | undefined;
}

function readRow(row: JsonObject): WorldBankRow {
  return {
    indicator: scalarText(at(row, 'indicator', 'id')) ?? '',
    country: scalarText(row.countryiso3code) || scalarText(at(row, 'country', 'id')) || '',
    countryName: asString(at(row, 'country', 'value')),
    period: scalarText(row.date) ?? '',
    value: row.value,
    status: asString(row.obs_status),
  };
}

/** The series of a World Bank indicator code, through the mapping. */
function seriesOf(mapping: SourceMapping, code: string) {
  return { code: `indicator ${code}`, ...mapping.indicators[code] };
}

/** An API v2 JSON page (`[meta, rows]`). */
function readJsonPage(c: Collector, page: { file: string; doc: unknown }, mapping: SourceMapping): void {
  const rows = asArray(at(page.doc, 1));
  if (!rows) return c.bad(page.file, 1, 'not a World Bank API v2 response ([meta, rows])');
  rows.forEach((row, i) => {
    if (!isRecord(row)) return c.bad(page.file, i + 1, 'not a World Bank API v2 data row (an object)');
    const { indicator, ...read } = readRow(row);
    c.add({ file: page.file, line: i + 1, ...seriesOf(mapping, indicator), ...read });
  });
}

/**
 * World Bank data: API v2 JSON pages (`[meta, rows]`) or the long CSV
 * (`Country Name,Country Code,Year,Value`, whose indicator code the caller names
 * with `--indicator`, as the file does not carry it).
 */
export function readWorldBank(files: string[], opts: { indicator?: string }, mapping: SourceMapping): EconomicsBatch {
  const c = new Collector(mapping.countries);
  for (const file of files) {
    const name = path.basename(file);
    if (file.endsWith('.json')) {
      readJsonPage(c, { file: name, doc: readJsonFile(file) }, mapping);
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
        ...seriesOf(mapping, opts.indicator),
        country: record[code]!,
        countryName: countryName < 0 ? undefined : record[countryName],
        period: record[year]!,
        value: record[cols.length - 1],
      });
    }
  }
  return c.batch(mapping.source);
}
