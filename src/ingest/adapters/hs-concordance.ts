import { statSync } from 'node:fs';
import path from 'node:path';
import { INGEST_MAX_BYTES_DEFAULT } from '../../settings.js';
import { RELATIONSHIPS, type Relationship } from '../../trade/concordance.js';
import { BAD_ROWS_KEPT } from '../staging.js';
import type { BadRow } from '../types.js';
import { XLSX_MAX_ROWS, XlsxWorkbook, type XlsxCell, type XlsxLimits, type XlsxRow } from '../xlsx.js';

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
  /** The first bad rows (at most `BAD_ROWS_KEPT`). */
  badRows: BadRow[];
  /** All bad rows. */
  badRowCount: number;
}

/** A workbook larger than this is refused before it is unzipped (the UNSD one is under 1 MB). */
const MAX_WORKBOOK_BYTES = 64 * 1024 * 1024;

/** What a workbook is read within: the uncompressed bytes of each of its parts, the rows of a sheet. */
export type WorkbookLimits = XlsxLimits;

/** The bounds of CONTRACT §9: `INGEST_MAX_BYTES` a part, a million rows a sheet. */
export const DEFAULT_WORKBOOK_LIMITS: WorkbookLimits = {
  maxPartBytes: INGEST_MAX_BYTES_DEFAULT,
  maxRows: XLSX_MAX_ROWS,
};

/** A cell as the bad-row reason quotes it. */
const shownCell = (cell: XlsxCell | undefined) => `"${cell?.text ?? ''}"`;

/**
 * The HS6 code of a cell: six digits written as text. A number (Excel drops leading
 * zeros and may round) or a formula (its text is a cached value nobody checks: a
 * `HYPERLINK` cached as 0) is no code; why, when it is not one.
 */
export function hs6Of(cell: XlsxCell | undefined): { code: number } | { not: string } {
  if (cell?.formula) return { not: `${shownCell(cell)} is a formula, not an HS6 code` };
  if (cell && cell.type !== 'string') {
    const article = /^[aeiou]/.test(cell.type) ? 'an' : 'a';
    return { not: `${shownCell(cell)} is ${article} ${cell.type}, not an HS6 code written as text` };
  }
  const text = cell?.text.trim() ?? '';
  return /^\d{6}$/.test(text) ? { code: Number(text) } : { not: `${shownCell(cell)} is not an HS6 code` };
}

/** The HS edition a header cell names (`HS 2022`, `From HS 1992`, `HS2017`). */
function editionOf(cell: XlsxCell | undefined): number | undefined {
  const m = cell ? /\bHS\s*(\d{4})\b/i.exec(cell.text) : null;
  return m ? Number(m[1]) : undefined;
}

/** Rows searched for the header (the correlation sheet has a title row above it). */
const HEADER_ROWS = 5;

/** The header of a sheet: a row naming two different HS editions in its first two cells. */
function headerOf(row: XlsxRow): { from: number; to: number } | undefined {
  const from = editionOf(row.cells[0]);
  const to = editionOf(row.cells[1]);
  return from !== undefined && to !== undefined && from !== to ? { from, to } : undefined;
}

/** Bad rows of a workbook: the first `BAD_ROWS_KEPT` with their line and reason, and how many in all. */
class BadRows {
  readonly kept: BadRow[] = [];
  count = 0;

  add(row: BadRow): void {
    if (this.kept.length < BAD_ROWS_KEPT) this.kept.push(row);
    this.count++;
  }
}

/**
 * The UN Statistics Division's conversion and correlation tables between two HS
 * editions (`HS2022toHS1992`), one workbook: the sheet whose name ends "Conversions"
 * maps each code of the later edition to one code of the earlier; the one ending
 * "Correlations" lists corresponding pairs with their relationship (`1:1`, `n:1`,
 * `1:n`, `n:n`). The editions are read from the header rows. Rows that are not two
 * HS6 codes written as text (and a relationship) are bad rows: a number or a formula
 * where a code is expected included.
 *
 * The sheets are read as they stream, within `limits`; a workbook beyond them fails
 * with one line naming it.
 */
export async function readHsConcordance(
  file: string,
  limits: WorkbookLimits = DEFAULT_WORKBOOK_LIMITS,
): Promise<ConcordanceBatch> {
  const name = path.basename(file);
  const size = statSync(file).size;
  if (size > MAX_WORKBOOK_BYTES) throw new Error(`${name}: ${size} bytes, more than a concordance workbook holds`);
  let book: XlsxWorkbook;
  try {
    book = await XlsxWorkbook.open(file, limits);
  } catch (err) {
    const message = String((err as Error).message).split('\n')[0] ?? '';
    throw new Error(message.startsWith(`${name}: `) ? message : `${name}: not a readable XLSX workbook (${message})`);
  }
  try {
    const sheet = (suffix: string) => {
      const found = book.sheets.find((s) => s.trim().toLowerCase().endsWith(suffix));
      if (found === undefined)
        throw new Error(`${name}: no sheet named "… ${suffix}" (sheets: ${book.sheets.join(', ')})`);
      return found;
    };
    const conversions = sheet('conversions');
    const correlations = sheet('correlations');
    const bad = new BadRows();
    const out: ConcordanceBatch = { conversions: [], correlations: [], badRows: bad.kept, badRowCount: 0 };
    for await (const { pair } of pairsOf(book, conversions, bad)) out.conversions.push(pair);
    for await (const { pair, row, swapped } of pairsOf(book, correlations, bad)) {
      const cell = row.cells[2];
      const given = (cell?.text ?? '').trim() as Relationship;
      const file = `${name} (${correlations})`;
      if (cell?.formula) bad.add({ file, line: row.line, reason: `relationship ${shownCell(cell)} is a formula` });
      else if (!RELATIONSHIPS.includes(given))
        bad.add({ file, line: row.line, reason: `${shownCell(cell)} is not 1:1, n:1, 1:n or n:n` });
      else out.correlations.push({ ...pair, relationship: swapped ? flipped(given) : given });
    }
    out.badRowCount = bad.count;
    const later = new Set(out.conversions.map((c) => `${c.from_version}:${c.from_hs6}`));
    if (later.size !== out.conversions.length)
      throw new Error(`${name}: a code converts to more than one code of the earlier edition`);
    return out;
  } finally {
    book.close();
  }
}

/** A relationship seen from the other edition. */
const flipped = (r: Relationship): Relationship => (r === '1:n' ? 'n:1' : r === 'n:1' ? '1:n' : r);

/**
 * The rows under a sheet's header as pairs of codes, the later edition always
 * `from` (`swapped` when the sheet lists the earlier first); a row that is not two
 * codes is a bad row.
 */
async function* pairsOf(book: XlsxWorkbook, sheet: string, bad: BadRows) {
  const file = book.name;
  let header: { from: number; to: number } | undefined;
  let seen = 0;
  for await (const row of book.rows(sheet)) {
    if (!header) {
      header = headerOf(row);
      if (!header && ++seen >= HEADER_ROWS) break;
      continue;
    }
    const swapped = header.from < header.to;
    const [from_version, to_version] = swapped ? [header.to, header.from] : [header.from, header.to];
    if (row.cells.every((cell) => cell === undefined || (!cell.formula && cell.text.trim() === ''))) continue;
    const [a, b] = [hs6Of(row.cells[0]), hs6Of(row.cells[1])];
    if (!('code' in a) || !('code' in b)) {
      const reason = [a, b].flatMap((x) => ('not' in x ? [x.not] : [])).join('; ');
      bad.add({ file: `${file} (${sheet})`, line: row.line, reason });
      continue;
    }
    const [from_hs6, to_hs6] = swapped ? [b.code, a.code] : [a.code, b.code];
    yield { pair: { from_version, from_hs6, to_version, to_hs6 }, row, swapped };
  }
  if (!header) throw new Error(`${file}: sheet "${sheet}" has no header naming two HS editions`);
}
