import { createReadStream } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse';
import type { Frequency } from '../../economics/catalogue.js';
import { COUNTRY_PROFILES } from '../../reference/countries.js';
import { INDICATORS } from '../../reference/indicators.js';
import { Collector } from '../collector.js';
import type { EconomicsBatch, Provenance } from '../types.js';

/** How a plain long CSV is read: which columns hold what, and what the file is. */
export interface LongCsvLayout {
  /** The catalogue indicator every value is an observation of. */
  kpi_id: string;
  /** The column of the period (`2024`, `2024-07`, `2024-07-31`, `2024-Q3`). */
  dateColumn: string;
  /** The column of the value. */
  valueColumn: string;
  /** The column of the country (a code of ours, ISO2, an agency code, or a country's name)… */
  countryColumn?: string;
  /** …or the one country of the whole file (ISO3). */
  country?: string;
  /** The series' frequency (default: the indicator's). */
  frequency?: Frequency;
  provenance: Provenance;
}

/** Catalogue countries by their name, as files name them (`Italy`, `united kingdom`). */
const BY_NAME = new Map(COUNTRY_PROFILES.map((p) => [p.name.toLowerCase(), p.iso3]));

/**
 * A full date as the first day of its period (`2024-03-31` quarterly → `2024-01-01`):
 * files date a period by its end as often as by its start. Other shapes stay as they are.
 */
export function periodOfDate(text: string, frequency: Frequency): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!m || frequency === 'daily') return text;
  const month = Number(m[2]);
  if (frequency === 'annual') return `${m[1]}-01-01`;
  if (frequency === 'quarterly') return `${m[1]}-${String(month - ((month - 1) % 3)).padStart(2, '0')}-01`;
  return `${m[1]}-${m[2]}-01`;
}

/** 0-based column of `name` in `header` (case and spaces aside), or an error naming the columns there are. */
function columnOf(header: string[], name: string, file: string): number {
  const i = header.findIndex((h) => h.trim().toLowerCase() === name.trim().toLowerCase());
  if (i < 0) throw new Error(`${file}: no column "${name}" (its columns: ${header.join(', ')})`);
  return i;
}

/**
 * A plain long CSV (one observation a row: a date, optionally a country, a value),
 * streamed: the columns are named by the caller, as such files carry no metadata.
 * Rows whose country or period cannot be placed are reported and counted.
 */
export async function readLongCsv(files: string[], layout: LongCsvLayout): Promise<EconomicsBatch> {
  const indicator = INDICATORS.find((i) => i.kpi_id === layout.kpi_id);
  if (!indicator) throw new Error(`--indicator ${layout.kpi_id} is not an indicator of the catalogue (a kpi_id)`);
  if (!layout.country === !layout.countryColumn)
    throw new Error('a long CSV needs either --country ISO3 (one country) or --country-column NAME');
  const frequency = layout.frequency ?? indicator.frequency;
  const c = new Collector();
  for (const file of files) {
    const name = path.basename(file);
    const rows = createReadStream(file).pipe(
      parse({ bom: true, skip_empty_lines: true, relax_column_count: true, info: true }),
    );
    let columns: { date: number; value: number; country: number | undefined } | undefined;
    for await (const { record, info } of rows as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!columns) {
        columns = {
          date: columnOf(record, layout.dateColumn, name),
          value: columnOf(record, layout.valueColumn, name),
          country: layout.countryColumn === undefined ? undefined : columnOf(record, layout.countryColumn, name),
        };
        continue;
      }
      const written = columns.country === undefined ? layout.country! : (record[columns.country] ?? '');
      const country = c.country(written) ?? BY_NAME.get(written.trim().toLowerCase()) ?? written;
      c.add({
        file: name,
        line: info.lines,
        code: `${layout.kpi_id} ${written}`,
        kpi_id: layout.kpi_id,
        frequency,
        country,
        countryName: written,
        period: periodOfDate(record[columns.date] ?? '', frequency),
        value: record[columns.value],
      });
    }
    if (!columns) throw new Error(`${name}: no header row`);
  }
  return c.batch(layout.provenance);
}
