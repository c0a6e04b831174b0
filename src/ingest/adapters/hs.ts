import { parse } from 'csv-parse/sync';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NotLoaded } from '../report.js';
import type { BadRow } from '../types.js';
import { asArray, asString, at, readJsonFile, scalarText, shown } from './json.js';
import { DEFAULT_HS_EDITION } from '../../trade/catalogue.js';

export interface NomenclatureProduct {
  hs6: number;
  hs_version: number;
  name: string;
  chapter_name: string | null;
  heading_name: string | null;
}

export interface NomenclatureBatch {
  products: NomenclatureProduct[];
  badRows: BadRow[];
  /** Entries that are not HS codes (totals, legacy codes), reported. */
  unmapped: NotLoaded;
}

/** UN Comtrade classification codes of the HS editions. */
const COMTRADE_EDITIONS: Record<string, number> = {
  H0: 1992,
  H1: 1996,
  H2: 2002,
  H3: 2007,
  H4: 2012,
  H5: 2017,
  H6: 2022,
};

/** The HS edition of a Comtrade classification code (`H0` … `H6`), if it is one. */
export function editionOfComtradeCode(code: unknown): number | undefined {
  return typeof code === 'string' ? COMTRADE_EDITIONS[code.trim().toUpperCase()] : undefined;
}

interface Entry {
  code: string;
  name: string;
  line: number;
  file: string;
}

/** Level-6 entries with their chapter and heading names, of one edition. */
function products(six: Entry[], names: Map<string, string>, edition: number): NomenclatureProduct[] {
  return six.map((p) => ({
    hs6: Number(p.code),
    hs_version: edition,
    name: p.name,
    chapter_name: names.get(p.code.slice(0, 2)) ?? null,
    heading_name: names.get(p.code.slice(0, 4)) ?? null,
  }));
}

/**
 * The HS nomenclature CSV (`section,hscode,description,parent,level`): every HS6
 * code (level 6) with its chapter (level 2) and heading (level 4) names. The file
 * does not say its edition: `edition` does (HS 2022 by default).
 */
function readCsv(file: string, edition: number, out: NomenclatureBatch): void {
  const name = path.basename(file);
  const names = new Map<string, string>();
  const six: Entry[] = [];
  const records = parse(readFileSync(file), {
    bom: true,
    columns: true,
    skip_empty_lines: true,
    info: true,
  }) as unknown as Array<{ record: Record<string, string>; info: { lines: number } }>;
  for (const { record, info } of records) {
    const code = (record.hscode ?? '').trim();
    const level = (record.level ?? '').trim();
    const description = (record.description ?? '').trim();
    if (!['2', '4', '6'].includes(level)) {
      out.unmapped.add('aggregate', code, description); // the total and sections group codes
      continue;
    }
    if (!(code.length === Number(level) && /^\d+$/.test(code)) || description === '') {
      out.badRows.push({
        file: name,
        line: info.lines,
        reason: `"${code}" is not a level-${level} HS code with a description`,
      });
      continue;
    }
    names.set(code, description);
    if (level === '6') six.push({ code, name: description, line: info.lines, file: name });
  }
  out.products.push(...products(six, names, edition));
}

/**
 * The UN Comtrade classification reference (`{classCode, className, results:
 * [{id, text, parent}]}`, `text` written `code - name`): its edition comes from
 * `classCode` (H0 = HS 1992 … H6 = HS 2022). Entries are counted as lines.
 */
function readComtradeClassification(file: string, edition: number | undefined, out: NomenclatureBatch): void {
  const name = path.basename(file);
  const doc = readJsonFile(file);
  const classCode = at(doc, 'classCode');
  const className = asString(at(doc, 'className'));
  const own =
    editionOfComtradeCode(classCode) ??
    (className === undefined ? undefined : Number(/^HS(\d{4})$/.exec(className)?.[1]) || undefined);
  const results = asArray(at(doc, 'results'));
  if (!results) throw new Error(`${name}: not a UN Comtrade classification (no results array)`);
  if (!own) throw new Error(`${name}: classCode "${shown(classCode)}" is not an HS edition (H0 … H6)`);
  if (edition !== undefined && edition !== own)
    throw new Error(`${name} is HS ${own}, not the HS ${edition} given by --hs-version`);
  const names = new Map<string, string>();
  const six: Entry[] = [];
  results.forEach((r, i) => {
    const line = i + 1;
    // Codes are strings; a code written as a JSON number is read as its digits.
    const code = scalarText(at(r, 'id'))?.trim();
    if (code === undefined) {
      out.badRows.push({ file: name, line, reason: 'not a classification entry (an object with an id)' });
      return;
    }
    const text = (scalarText(at(r, 'text')) ?? '').trim();
    const label = text.startsWith(`${code} - `) ? text.slice(code.length + 3).trim() : text;
    if (!/^\d+$/.test(code)) {
      // ALL, TOTAL, AG2 … are groups of codes; 9999AA-like codes are outside the WCO nomenclature.
      out.unmapped.add(/^(ALL|TOTAL|AG\d)$/.test(code) ? 'aggregate' : 'commodity', code, label);
      return;
    }
    if (![2, 4, 6].includes(code.length) || label === '') {
      out.badRows.push({ file: name, line, reason: `"${code}" is not an HS code of 2, 4 or 6 digits with a name` });
      return;
    }
    names.set(code, label);
    if (code.length === 6) six.push({ code, name: label, line, file: name });
  });
  out.products.push(...products(six, names, own));
}

/**
 * HS nomenclatures: the CSV form (edition given, HS 2022 by default) and the UN
 * Comtrade classification JSON (edition read from the file). Files of several
 * editions may be given together; each product carries its edition.
 */
export function readHsNomenclature(files: string[], edition?: number): NomenclatureBatch {
  const out: NomenclatureBatch = { products: [], badRows: [], unmapped: new NotLoaded() };
  for (const file of files) {
    if (/\.json$/i.test(file)) readComtradeClassification(file, edition, out);
    else readCsv(file, edition ?? DEFAULT_HS_EDITION, out);
  }
  return out;
}
