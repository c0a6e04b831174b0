import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { tradeCountryList } from '../../trade/reference.js';
import type { BadRow } from '../types.js';

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

export interface TradeBatch {
  flows: AnnualFlow[];
  monthly?: MonthlyFlow[];
  /** HS edition of every code the flows use. */
  hsVersion: number;
  badRows: BadRow[];
  unmapped: Map<string, number>;
}

const EDITIONS: Record<string, number> = { HS92: 1992, HS96: 1996, HS02: 2002, HS07: 2007, HS12: 2012, HS17: 2017, HS22: 2022 };

/** The HS edition a BACI file name carries (`baci-hs92-…`), if any. */
export function hsEditionFromName(name: string): number | undefined {
  const m = /hs(92|96|02|07|12|17|22)/i.exec(name);
  return m ? EDITIONS[`HS${m[1]}`] : undefined;
}

type Records = Array<{ record: string[]; info: { lines: number } }>;

/**
 * CEPII BACI: the flows file (`t,i,j,k,v,q`: year, exporter and importer as M49
 * numbers, HS6 code, value in thousand USD, quantity in tonnes, quoted and padded,
 * `NA` when unknown) and the country-code list (M49 → ISO2), given together.
 * Values become USD and quantities kg.
 */
export function readBaci(files: string[], opts: { hsVersion?: number }): TradeBatch {
  const badRows: BadRow[] = [];
  const unmapped = new Map<string, number>();
  const m49 = new Map<string, string>();
  const flowFiles: Array<{ name: string; rows: Records }> = [];
  let hsVersion = opts.hsVersion;
  for (const file of files) {
    const name = path.basename(file);
    const rows = parse(readFileSync(file), { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true, info: true }) as unknown as Records;
    const header = (rows[0]?.record ?? []).map((h) => h.toLowerCase());
    if (header.includes('country_code') && header.includes('iso_2digit_alpha')) {
      const code = header.indexOf('country_code');
      const iso2 = header.indexOf('iso_2digit_alpha');
      const iso3 = header.indexOf('iso_3digit_alpha');
      // Namibia's ISO2 "NA" is often written as a missing value: fall back on ISO3.
      const byIso3 = new Map(tradeCountryList().map((c) => [c.iso3, c.iso2]));
      for (const { record } of rows.slice(1)) {
        const a2 = record[iso2] && record[iso2] !== 'N/A' ? record[iso2]!.toUpperCase() : byIso3.get((record[iso3] ?? '').toUpperCase());
        if (a2) m49.set(String(Number(record[code])), a2);
      }
    } else if (['t', 'i', 'j', 'k', 'v', 'q'].every((c) => header.includes(c))) {
      flowFiles.push({ name, rows });
      hsVersion ??= hsEditionFromName(name);
    } else {
      throw new Error(`${name}: neither a BACI flows file (t,i,j,k,v,q) nor a BACI country-code list`);
    }
  }
  if (m49.size === 0) throw new Error('BACI needs its country-code list (country_codes_V*.csv) beside the flows file');
  if (!hsVersion) throw new Error('the HS edition is not in the file name: give --hs-version');
  const flows: AnnualFlow[] = [];
  for (const { name, rows } of flowFiles) {
    const h = rows[0]!.record.map((x) => x.toLowerCase());
    const col = (c: string) => h.indexOf(c);
    const [t, i, j, k, v, q] = ['t', 'i', 'j', 'k', 'v', 'q'].map(col) as [number, number, number, number, number, number];
    for (const { record, info } of rows.slice(1)) {
      const bad = (reason: string) => badRows.push({ file: name, line: info.lines, reason });
      const year = Number(record[t]);
      if (!Number.isInteger(year) || year < 1988 || year > 2100) {
        bad(`year "${record[t]}" is not a year`);
        continue;
      }
      const exporter = m49.get(String(Number(record[i])));
      const importer = m49.get(String(Number(record[j])));
      if (!exporter || !importer) {
        const code = exporter ? record[j] : record[i];
        unmapped.set(`country M49 ${code}`, (unmapped.get(`country M49 ${code}`) ?? 0) + 1);
        continue;
      }
      const hs = (record[k] ?? '').padStart(6, '0');
      if (!/^\d{6}$/.test(hs)) {
        bad(`product "${record[k]}" is not an HS6 code`);
        continue;
      }
      const value = Number(record[v]);
      if (!Number.isFinite(value) || value < 0) {
        bad(`value "${record[v]}" is not a number of thousand USD`);
        continue;
      }
      const rawQ = (record[q] ?? '').trim();
      const tonnes = rawQ === '' || rawQ.toUpperCase() === 'NA' ? null : Number(rawQ);
      if (tonnes !== null && !Number.isFinite(tonnes)) {
        bad(`quantity "${rawQ}" is not a number of tonnes`);
        continue;
      }
      flows.push({ exporter, importer, hs6: Number(hs), year, value: Math.round(value * 1000), qty: tonnes === null ? null : Math.round(tonnes * 1000) });
    }
  }
  return { flows, hsVersion, badRows, unmapped };
}
