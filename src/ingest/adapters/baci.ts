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

/** A country of the release's code list: its ISO codes (when usable) and its name. */
interface Listed {
  iso2?: string;
  iso3?: string;
  name: string;
}

/** The files of a BACI release: the country-code list and the flows files, with the HS edition. */
interface BaciFiles {
  listed: Map<number, Listed>;
  flowFiles: Array<{ name: string; rows: Records }>;
  hsVersion: number;
}

/** Adds the rows of a BACI country-code list (`header`: its lower-cased column names). */
function readCountryList(rows: Records, header: string[], listed: Map<number, Listed>): void {
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
}

/** The columns of a flows file: year, exporter, importer, product, value, quantity. */
const FLOW_COLUMNS = ['t', 'i', 'j', 'k', 'v', 'q'] as const;
type FlowColumns = Record<(typeof FLOW_COLUMNS)[number], number>;

/** Sorts the given files into the country-code list and flows files; the edition is given or in a file name. */
function readFiles(files: string[], hsVersion: number | undefined): BaciFiles {
  const listed = new Map<number, Listed>();
  const flowFiles: Array<{ name: string; rows: Records }> = [];
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
      readCountryList(rows, header, listed);
    } else if (FLOW_COLUMNS.every((c) => header.includes(c))) {
      flowFiles.push({ name, rows });
      hsVersion ??= hsEditionFromName(name);
    } else {
      throw new Error(`${name}: neither a BACI flows file (t,i,j,k,v,q) nor a BACI country-code list`);
    }
  }
  if (listed.size === 0)
    throw new Error('BACI needs its country-code list (country_codes_V*.csv) beside the flows file');
  if (!hsVersion) throw new Error('the HS edition is not in the file name: give --hs-version');
  return { listed, flowFiles, hsVersion };
}

/**
 * Places BACI country codes: by the release's list when it gives an ISO code, else
 * by `mappings/areas.json`; remembers every country or area placed.
 */
class Placer {
  readonly countries = new Map<string, AreaRef>();
  private readonly areas = Areas.load();
  private readonly resolved = new Map<string, AreaRef | undefined>();

  constructor(private readonly listed: ReadonlyMap<number, Listed>) {}

  place(raw: string | undefined): AreaRef | undefined {
    const key = (raw ?? '').trim();
    if (this.resolved.has(key)) return this.resolved.get(key);
    const ref = this.lookUp(key);
    this.resolved.set(key, ref);
    if (ref && !this.countries.has(ref.iso2)) this.countries.set(ref.iso2, ref);
    return ref;
  }

  /** The name the release's list gives a country code, if any. */
  nameOf(code: string | undefined): string | undefined {
    return this.listed.get(Number(code))?.name || undefined;
  }

  private lookUp(key: string): AreaRef | undefined {
    const n = Number(key);
    if (key === '' || !Number.isInteger(n)) return undefined;
    const entry = this.listed.get(n);
    // The list's ISO3 first: its ISO2 column is sometimes empty (Namibia, "NA") or not ISO (FQ for TF).
    const ref = this.areas.iso(entry?.iso3) ?? this.areas.iso(entry?.iso2);
    if (ref) return ref;
    // A former country the list still names by its withdrawn code (AN, CS …), when the shipped table does not.
    if (entry?.iso2 && /^[A-Z]{2}$/.test(entry.iso2) && !this.areas.numeric(n))
      return { iso2: entry.iso2, iso3: entry.iso3 ?? null, name: entry.name || entry.iso2, region: null };
    return this.areas.numeric(n);
  }
}

/** A row of a flows file as an annual flow in USD and kg, or why it is a bad row. */
function readFlow(record: string[], cols: FlowColumns, placer: Placer): AnnualFlow | string {
  const year = Number(record[cols.t]);
  if (!Number.isInteger(year) || year < 1988 || year > 2100) return `year "${record[cols.t]}" is not a year`;
  const exporter = placer.place(record[cols.i]);
  const importer = placer.place(record[cols.j]);
  if (!exporter || !importer) {
    const [side, code] = exporter ? ['importer', record[cols.j]] : ['exporter', record[cols.i]];
    const name = placer.nameOf(code);
    const named = `${side} "${code}"${name ? ` (${name})` : ''}`;
    return `${named} has no ISO code in the country list and none in mappings/areas.json`;
  }
  const hs = (record[cols.k] ?? '').padStart(6, '0');
  if (!/^\d{6}$/.test(hs)) return `product "${record[cols.k]}" is not an HS6 code`;
  const value = Number(record[cols.v]);
  if (!Number.isFinite(value) || value < 0) return `value "${record[cols.v]}" is not a number of thousand USD`;
  const rawQ = (record[cols.q] ?? '').trim();
  const tonnes = rawQ === '' || rawQ.toUpperCase() === 'NA' ? null : Number(rawQ);
  if (tonnes !== null && !Number.isFinite(tonnes)) return `quantity "${rawQ}" is not a number of tonnes`;
  return {
    exporter: exporter.iso2,
    importer: importer.iso2,
    hs6: Number(hs),
    year,
    value: Math.round(value * 1000),
    qty: tonnes === null ? null : Math.round(tonnes * 1000),
  };
}

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
  const { listed, flowFiles, hsVersion } = readFiles(files, opts.hsVersion);
  const placer = new Placer(listed);
  const badRows: BadRow[] = [];
  const flows: AnnualFlow[] = [];
  for (const { name, rows } of flowFiles) {
    const h = rows[0]!.record.map((x) => x.toLowerCase());
    const cols = Object.fromEntries(FLOW_COLUMNS.map((c) => [c, h.indexOf(c)])) as FlowColumns;
    for (const { record, info } of rows.slice(1)) {
      const flow = readFlow(record, cols, placer);
      if (typeof flow === 'string') badRows.push({ file: name, line: info.lines, reason: flow });
      else flows.push(flow);
    }
  }
  return { flows, hsVersion, countries: placer.countries, badRows, unmapped: new NotLoaded() };
}
