import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Areas, type AreaRef } from '../areas.js';
import { NotLoaded } from '../report.js';
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
  /** HS edition the flows were reported in (every code of the batch is of that edition). */
  hsVersion: number;
  /** Every country or area the flows name, by the ISO2 (or area) code they use. */
  countries: Map<string, AreaRef>;
  badRows: BadRow[];
  unmapped: NotLoaded;
}

const EDITIONS: Record<string, number> = {
  HS92: 1992,
  HS96: 1996,
  HS02: 2002,
  HS07: 2007,
  HS12: 2012,
  HS17: 2017,
  HS22: 2022,
};

/** The HS edition a BACI file name carries (`baci-hs92-…`), if any. */
export function hsEditionFromName(name: string): number | undefined {
  const m = /hs(92|96|02|07|12|17|22)/i.exec(name);
  return m ? EDITIONS[`HS${m[1]}`] : undefined;
}

type Records = Array<{ record: string[]; info: { lines: number } }>;

/** UTF-8 text, or Latin-1 when the bytes are not UTF-8 (BACI code lists are written in Latin-1). */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

const usable = (code: string | undefined) => {
  const c = (code ?? '').trim().toUpperCase();
  return c === '' || c === 'N/A' || c === 'NA' ? undefined : c;
};

/**
 * CEPII BACI: the flows file (`t,i,j,k,v,q`: year, exporter and importer as
 * numeric country codes, HS6 code, value in thousand USD, quantity in tonnes,
 * quoted and padded, `NA` when unknown) and the country-code list, given together.
 * Values become USD and quantities kg.
 *
 * A country code is placed by the release's list when it gives an ISO code, and
 * otherwise by `mappings/areas.json` (ISO 3166-1 numeric, BACI's own numbers such
 * as 381 Italy, and XA–XZ codes for areas without an ISO code such as 490 "Other
 * Asia, nes"): releases change codes between versions (the V202301 flows use 380
 * for Italy, which the V202201 list names 381). A row whose country cannot be
 * placed is a bad row.
 */
export function readBaci(files: string[], opts: { hsVersion?: number }): TradeBatch {
  const areas = Areas.load();
  const badRows: BadRow[] = [];
  const listed = new Map<number, { iso2?: string; iso3?: string; name: string }>();
  const flowFiles: Array<{ name: string; rows: Records }> = [];
  let hsVersion = opts.hsVersion;
  for (const file of files) {
    const name = path.basename(file);
    const rows = parse(decode(readFileSync(file)), {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      info: true,
    }) as unknown as Records;
    const header = (rows[0]?.record ?? []).map((h) => h.toLowerCase());
    if (header.includes('country_code') && (header.includes('iso_2digit_alpha') || header.includes('country_iso2'))) {
      const col = (...names: string[]) => header.findIndex((h) => names.includes(h));
      const code = col('country_code');
      const iso2 = col('iso_2digit_alpha', 'country_iso2');
      const iso3 = col('iso_3digit_alpha', 'country_iso3');
      const full = col('country_name_full', 'country_name');
      const short = col('country_name_abbreviation');
      for (const { record } of rows.slice(1)) {
        const n = Number(record[code]);
        if (!Number.isInteger(n)) continue;
        listed.set(n, {
          iso2: usable(record[iso2]),
          iso3: usable(record[iso3]),
          name: (record[full] || record[short] || '').trim(),
        });
      }
    } else if (['t', 'i', 'j', 'k', 'v', 'q'].every((c) => header.includes(c))) {
      flowFiles.push({ name, rows });
      hsVersion ??= hsEditionFromName(name);
    } else {
      throw new Error(`${name}: neither a BACI flows file (t,i,j,k,v,q) nor a BACI country-code list`);
    }
  }
  if (listed.size === 0)
    throw new Error('BACI needs its country-code list (country_codes_V*.csv) beside the flows file');
  if (!hsVersion) throw new Error('the HS edition is not in the file name: give --hs-version');

  const countries = new Map<string, AreaRef>();
  const resolved = new Map<string, AreaRef | undefined>();
  const place = (raw: string | undefined): AreaRef | undefined => {
    const key = (raw ?? '').trim();
    if (resolved.has(key)) return resolved.get(key);
    const n = Number(key);
    let ref: AreaRef | undefined;
    if (key !== '' && Number.isInteger(n)) {
      const entry = listed.get(n);
      // The list's ISO3 first: its ISO2 column is sometimes empty (Namibia, "NA") or not ISO (FQ for TF).
      ref = areas.iso(entry?.iso3) ?? areas.iso(entry?.iso2);
      // A former country the list still names by its withdrawn code (AN, CS …), when the shipped table does not.
      if (!ref && entry?.iso2 && /^[A-Z]{2}$/.test(entry.iso2) && !areas.numeric(n))
        ref = { iso2: entry.iso2, iso3: entry.iso3 ?? null, name: entry.name || entry.iso2, region: null };
      ref ??= areas.numeric(n);
    }
    resolved.set(key, ref);
    if (ref && !countries.has(ref.iso2)) countries.set(ref.iso2, ref);
    return ref;
  };

  const flows: AnnualFlow[] = [];
  for (const { name, rows } of flowFiles) {
    const h = rows[0]!.record.map((x) => x.toLowerCase());
    const col = (c: string) => h.indexOf(c);
    const [t, i, j, k, v, q] = ['t', 'i', 'j', 'k', 'v', 'q'].map(col) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    for (const { record, info } of rows.slice(1)) {
      const bad = (reason: string) => badRows.push({ file: name, line: info.lines, reason });
      const year = Number(record[t]);
      if (!Number.isInteger(year) || year < 1988 || year > 2100) {
        bad(`year "${record[t]}" is not a year`);
        continue;
      }
      const exporter = place(record[i]);
      const importer = place(record[j]);
      if (!exporter || !importer) {
        const [side, code] = exporter ? ['importer', record[j]] : ['exporter', record[i]];
        const entry = listed.get(Number(code));
        bad(
          `${side} "${code}"${entry?.name ? ` (${entry.name})` : ''} has no ISO code in the country list and none in mappings/areas.json`,
        );
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
      flows.push({
        exporter: exporter.iso2,
        importer: importer.iso2,
        hs6: Number(hs),
        year,
        value: Math.round(value * 1000),
        qty: tonnes === null ? null : Math.round(tonnes * 1000),
      });
    }
  }
  return { flows, hsVersion, countries, badRows, unmapped: new NotLoaded() };
}
