import { statSync } from 'node:fs';
import path from 'node:path';
import readExcelFile, { type Row } from 'read-excel-file/node';
import type { BadRow } from '../types.js';
import { RELATIONSHIPS, type Relationship } from '../../trade/concordance.js';

/** One row of a UNSD conversion table: a code of the later edition and the one code of the earlier it converts to. */
export interface HsConversion {
  from_version: number;
  from_hs6: number;
  to_version: number;
  to_hs6: number;
}

/** One row of a UNSD correlation table: a pair of corresponding codes and how they relate (seen from `from`). */
export interface HsCorrelation extends HsConversion {
  relationship: Relationship;
}

export interface ConcordanceBatch {
  conversions: HsConversion[];
  correlations: HsCorrelation[];
  badRows: BadRow[];
}

/** A workbook larger than this is refused before it is unzipped (the UNSD one is under 1 MB). */
const MAX_WORKBOOK_BYTES = 64 * 1024 * 1024;

/** An HS6 code of a cell: six digits as text, or a number that reads as one (leading zeros dropped). */
function hs6Of(cell: unknown): number | undefined {
  const text = typeof cell === 'number' && Number.isInteger(cell) ? String(cell).padStart(6, '0') : cell;
  return typeof text === 'string' && /^\d{6}$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/** The HS edition a header cell names (`HS 2022`, `From HS 1992`, `HS2017`). */
function editionOf(cell: unknown): number | undefined {
  const m = typeof cell === 'string' ? /\bHS\s*(\d{4})\b/i.exec(cell) : null;
  return m ? Number(m[1]) : undefined;
}

/**
 * The header row of a sheet: the first of its first rows naming two HS editions in
 * its first two cells (the correlation sheet has a title row above it).
 */
function headerOf(rows: Row[]): { at: number; from: number; to: number } | undefined {
  for (let at = 0; at < Math.min(rows.length, 5); at++) {
    const from = editionOf(rows[at]?.[0]);
    const to = editionOf(rows[at]?.[1]);
    if (from !== undefined && to !== undefined && from !== to) return { at, from, to };
  }
  return undefined;
}

/**
 * The UN Statistics Division's conversion and correlation tables between two HS
 * editions (`HS2022toHS1992`), one workbook: the sheet whose name ends "Conversions"
 * maps each code of the later edition to one code of the earlier; the one ending
 * "Correlations" lists corresponding pairs with their relationship (`1:1`, `n:1`,
 * `1:n`, `n:n`). The editions are read from the header rows. Rows that are not two
 * HS6 codes (and a relationship) are bad rows.
 */
export async function readHsConcordance(file: string): Promise<ConcordanceBatch> {
  const name = path.basename(file);
  const size = statSync(file).size;
  if (size > MAX_WORKBOOK_BYTES) throw new Error(`${name}: ${size} bytes, more than a concordance workbook holds`);
  let sheets: Array<{ sheet: string; data: Row[] }>;
  try {
    sheets = await readExcelFile(file);
  } catch (err) {
    throw new Error(`${name}: not a readable XLSX workbook (${(err as Error).message})`);
  }
  const sheet = (suffix: string) => {
    const found = sheets.find((s) => s.sheet.trim().toLowerCase().endsWith(suffix));
    if (!found)
      throw new Error(`${name}: no sheet named "… ${suffix}" (sheets: ${sheets.map((s) => s.sheet).join(', ')})`);
    return found;
  };
  const out: ConcordanceBatch = { conversions: [], correlations: [], badRows: [] };
  for (const { pair } of pairsOf(name, sheet('conversions'), out.badRows)) out.conversions.push(pair);
  for (const { pair, row, swapped, refuse } of pairsOf(name, sheet('correlations'), out.badRows)) {
    const given = String(row[2] ?? '').trim() as Relationship;
    if (!RELATIONSHIPS.includes(given)) refuse(`"${String(row[2] ?? '')}" is not 1:1, n:1, 1:n or n:n`);
    else out.correlations.push({ ...pair, relationship: swapped ? flipped(given) : given });
  }
  const later = new Set(out.conversions.map((c) => `${c.from_version}:${c.from_hs6}`));
  if (later.size !== out.conversions.length)
    throw new Error(`${name}: a code converts to more than one code of the earlier edition`);
  return out;
}

/** A relationship seen from the other edition. */
const flipped = (r: Relationship): Relationship => (r === '1:n' ? 'n:1' : r === 'n:1' ? '1:n' : r);

/**
 * The rows under a sheet's header as pairs of codes, the later edition always
 * `from` (`swapped` when the sheet lists the earlier first); a row that is not two
 * codes is a bad row, and `refuse` makes one of a row the caller rejects.
 */
function* pairsOf(file: string, { sheet, data }: { sheet: string; data: Row[] }, badRows: BadRow[]) {
  const header = headerOf(data);
  if (!header) throw new Error(`${file}: sheet "${sheet}" has no header naming two HS editions`);
  const swapped = header.from < header.to;
  const [from_version, to_version] = swapped ? [header.to, header.from] : [header.from, header.to];
  for (let i = header.at + 1; i < data.length; i++) {
    const row = data[i]!;
    const refuse = (reason: string) => badRows.push({ file: `${file} (${sheet})`, line: i + 1, reason });
    if (row.every((cell) => cell === null || String(cell).trim() === '')) continue;
    const [a, b] = [hs6Of(row[0]), hs6Of(row[1])];
    if (a === undefined || b === undefined) {
      refuse(`"${String(row[0])}", "${String(row[1])}" are not two HS6 codes`);
      continue;
    }
    const [from_hs6, to_hs6] = swapped ? [b, a] : [a, b];
    yield { pair: { from_version, from_hs6, to_version, to_hs6 }, row, swapped, refuse };
  }
}
