import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Frequency } from '../../economics/catalogue.js';
import type { SourceMapping } from '../mapping.js';
import type { BadRow, EconomicsBatch, EconomicsObservation } from '../types.js';

/** A World Bank period (`2023`, `2023Q2`, `2023M07`) as the first day of the period. */
export function worldBankDate(period: string, frequency: Frequency): string | undefined {
  let m = /^(\d{4})$/.exec(period);
  if (m && frequency === 'annual') return `${m[1]}-01-01`;
  m = /^(\d{4})Q([1-4])$/.exec(period);
  if (m && frequency === 'quarterly') return `${m[1]}-${String((Number(m[2]) - 1) * 3 + 1).padStart(2, '0')}-01`;
  m = /^(\d{4})M(0[1-9]|1[0-2])$/.exec(period);
  if (m && frequency === 'monthly') return `${m[1]}-${m[2]}-01`;
  return undefined;
}

class Collector {
  readonly observations: EconomicsObservation[] = [];
  readonly badRows: BadRow[] = [];
  readonly unmapped = new Map<string, number>();

  constructor(private readonly mapping: SourceMapping, private readonly countries: Set<string>) {}

  private miss(code: string): void {
    this.unmapped.set(code, (this.unmapped.get(code) ?? 0) + 1);
  }

  add(file: string, line: number, indicator: string, country: string, period: string, raw: unknown, status?: string): void {
    const ind = this.mapping.indicators[indicator];
    if (!ind) return this.miss(`indicator ${indicator}`);
    const countryId = this.mapping.countries[country] ?? (this.countries.has(country) ? country : undefined);
    if (!countryId) return this.miss(`country ${country}`);
    if (raw === null || raw === undefined || raw === '') return; // a period without a value
    const value = typeof raw === 'number' ? raw : Number(String(raw).trim());
    if (!Number.isFinite(value)) return void this.badRows.push({ file, line, reason: `value "${String(raw)}" is not a number` });
    const date = worldBankDate(String(period).trim(), ind.frequency);
    if (!date) return void this.badRows.push({ file, line, reason: `period "${period}" is not a ${ind.frequency} period` });
    this.observations.push({ country_id: countryId, kpi_id: ind.kpi_id, frequency: ind.frequency, date, value, obs_status: status ? normaliseStatus(status) : null });
  }
}

function normaliseStatus(s: string): string | null {
  const v = s.trim().toUpperCase();
  if (v === '') return null;
  if (v === 'E') return 'estimated';
  if (v === 'P' || v === 'F') return 'provisional';
  return null;
}

/**
 * World Bank data: API v2 JSON pages (`[meta, rows]`) or the long CSV
 * (`Country Name,Country Code,Year,Value`, whose indicator code the caller names
 * with `--indicator`, as the file does not carry it).
 */
export function readWorldBank(files: string[], opts: { indicator?: string }, mapping: SourceMapping, countries: Set<string>): EconomicsBatch {
  const c = new Collector(mapping, countries);
  for (const file of files) {
    const name = path.basename(file);
    if (file.endsWith('.json')) {
      const doc = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (!Array.isArray(doc) || doc.length < 2 || !Array.isArray(doc[1])) {
        c.badRows.push({ file: name, line: 1, reason: 'not a World Bank API v2 response ([meta, rows])' });
        continue;
      }
      (doc[1] as Array<Record<string, any>>).forEach((row, i) => {
        const country = row.countryiso3code || row.country?.id;
        c.add(name, i + 1, row.indicator?.id ?? '', String(country ?? ''), String(row.date ?? ''), row.value, row.obs_status);
      });
      continue;
    }
    if (!opts.indicator) throw new Error(`${name}: the long CSV form needs --indicator CODE (e.g. NY.GDP.MKTP.CD)`);
    const records = parse(readFileSync(file), { bom: true, skip_empty_lines: true, relax_column_count: true, info: true }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
    const [header, ...rows] = records;
    const cols = (header?.record ?? []).map((h) => h.trim().toLowerCase());
    const code = cols.indexOf('country code');
    const year = cols.indexOf('year');
    if (code < 0 || year < 0 || cols.length < 4) throw new Error(`${name}: expected columns Country Name,Country Code,Year,Value`);
    const value = cols.length - 1;
    for (const { record, info } of rows) {
      if (record.length < 4) {
        c.badRows.push({ file: name, line: info.lines, reason: `expected 4 columns, got ${record.length}` });
        continue;
      }
      c.add(name, info.lines, opts.indicator, record[code]!.trim(), record[year]!, record[value]);
    }
  }
  return { provenance: mapping.source, observations: c.observations, badRows: c.badRows, unmapped: c.unmapped };
}
