import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { type Readable } from 'node:stream';
import { StreamedXml, XmlReadError, attributeOf, type XmlHandler } from './xml-stream.js';
import { ZipArchive, type ByteBound } from './zip.js';

/**
 * Reads the sheets of an xlsx workbook row by row, streaming: a sheet's XML is
 * inflated and parsed (saxes) as its rows are read, so memory does not grow with the
 * sheet. A workbook is bounded by the uncompressed bytes of each of its parts
 * (stated by the archive and checked before reading, and while inflating), by the
 * characters the parser holds at once (a tag, a text, a comment) and by the rows of a
 * sheet (counted as they stream); each fails with one line naming the file. A
 * document type declaration is refused, so no entity but XML's five and character
 * references is expanded.
 *
 * Each cell comes with the type the sheet gives it and whether a formula computes it
 * (its text is then the value the spreadsheet cached, which nobody checks), so a
 * reader can refuse what it did not expect rather than read a number or a formula
 * as text.
 */

export interface XlsxLimits {
  /** The uncompressed bytes of any one part of the workbook (`INGEST_MAX_BYTES`). */
  maxPartBytes: number;
  /** The rows of a sheet. */
  maxRows: number;
}

/** An xlsx sheet is read up to this many rows (CONTRACT §9). */
export const XLSX_MAX_ROWS = 1_000_000;
/** The workbook's directory parts (its sheet list and relationships) are small; beyond this they are refused. */
const DIRECTORY_PART: ByteBound = { bytes: 4 * 1024 * 1024, name: "a workbook directory part's bound" };
/** Distinct shared strings kept: as many as a sheet may have rows (the UNSD workbook has some 7 000). */
const MAX_SHARED_STRINGS = XLSX_MAX_ROWS;
/** A cell's text is kept to this many characters (codes, headers and relationships are far shorter). */
export const MAX_CELL_CHARS = 256;
/** Columns read from each row (A to Z); cells beyond are skipped. */
const MAX_COLUMNS = 26;
export type XlsxCellType = 'string' | 'number' | 'boolean' | 'error' | 'date';

export interface XlsxCell {
  /** The cell's text: its string, or its value as written (`0`, `1` for true, `#N/A`, an ISO date). */
  text: string;
  type: XlsxCellType;
  /** Whether a formula computes the cell (its text is then the cached value). */
  formula: boolean;
}

export interface XlsxRow {
  /** The row's number in the sheet, from 1. */
  line: number;
  /** Cells by column (A is 0), up to the last one with a value; an empty cell is undefined. */
  cells: Array<XlsxCell | undefined>;
}

/** The column (A is 0) of a cell reference such as `AB12`; undefined when it names none. */
function columnOf(ref: string | undefined): number | undefined {
  if (!ref) return undefined;
  let col = 0;
  let i = 0;
  for (; i < ref.length && i < 4; i++) {
    const c = ref.charCodeAt(i) & ~0x20; // upper case
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return i === 0 ? undefined : col - 1;
}

/** A part's path in the archive from a relationship's target, relative to the folder of `base` (or absolute). */
function resolvePart(base: string, target: string): string {
  const joined = target.startsWith('/') ? target.slice(1) : path.posix.join(path.posix.dirname(base), target);
  return path.posix.normalize(joined);
}

/** The relationships part of a part (`xl/workbook.xml` → `xl/_rels/workbook.xml.rels`). */
const relsOf = (part: string) =>
  path.posix.join(path.posix.dirname(part), '_rels', `${path.posix.basename(part)}.rels`);

export class XlsxWorkbook {
  private sharedStrings: string[] | undefined;

  private constructor(
    private readonly archive: ZipArchive,
    private readonly limits: XlsxLimits,
    private readonly parts: {
      /** Sheet names in workbook order, with their parts. */
      sheets: ReadonlyArray<{ name: string; part: string }>;
      sharedStrings: string | undefined;
    },
  ) {}

  /** The workbook's file name (without its folders). */
  get name(): string {
    return path.basename(this.archive.zip);
  }

  /**
   * Opens a workbook: its archive's directory, each part's stated size checked
   * against `limits.maxPartBytes`, its sheet list read.
   */
  static async open(file: string, limits: XlsxLimits): Promise<XlsxWorkbook> {
    const name = path.basename(file);
    const archive = await ZipArchive.open(file);
    try {
      for (const e of archive.entries) {
        const bound = limits.maxPartBytes;
        if (e.size > bound)
          throw new Error(
            `${name}: ${e.entryName}: ${e.size} bytes uncompressed, more than INGEST_MAX_BYTES (${bound} bytes)`,
          );
      }
      const reader = new PartReader(name, archive);
      const rootRels = await reader.relationships('_rels/.rels');
      const office = rootRels.find((r) => r.type.endsWith('/officeDocument'));
      const main = office ? resolvePart('', office.target) : 'xl/workbook.xml';
      if (!archive.entry(main)) throw new Error(`${name}: not an xlsx workbook (no workbook part)`);
      const rels = await reader.relationships(relsOf(main));
      const target = (id: string | undefined) => {
        const r = rels.find((x) => x.id === id);
        return r ? resolvePart(main, r.target) : undefined;
      };
      const sheets: Array<{ name: string; part: string }> = [];
      await reader.parse(main, DIRECTORY_PART, {
        readingText: false,
        open(element, attributes) {
          if (element !== 'sheet') return;
          const part = target(attributeOf(attributes, 'id', true));
          const sheetName = attributeOf(attributes, 'name');
          if (part && sheetName !== undefined) sheets.push({ name: sheetName, part });
        },
        close() {},
        text() {},
      });
      // Transitional and strict OOXML name the relationship types under different namespaces.
      const strings = rels.find((r) => r.type.endsWith('/sharedStrings'));
      const sharedStrings = strings ? resolvePart(main, strings.target) : undefined;
      return new XlsxWorkbook(archive, limits, { sheets, sharedStrings });
    } catch (err) {
      archive.close();
      throw err;
    }
  }

  /** The names of the sheets, in workbook order. */
  get sheets(): string[] {
    return this.parts.sheets.map((s) => s.name);
  }

  /**
   * The rows of sheet `sheet`, in order, as they are read (empty rows the sheet does
   * not write are skipped); fails past `limits.maxRows` rows.
   */
  async *rows(sheet: string): AsyncGenerator<XlsxRow> {
    const name = this.name;
    const found = this.parts.sheets.find((s) => s.name === sheet);
    if (!found) throw new Error(`${name}: no sheet "${sheet}"`);
    if (!this.archive.entry(found.part)) throw new Error(`${name}: sheet "${sheet}" has no part ${found.part}`);
    const strings = await this.strings();
    const rows = new SheetRows(strings, this.limits.maxRows, () => `${name}: sheet "${sheet}"`);
    const stream = await this.archive.read(found.part, this.partBound());
    // Each piece inflated is parsed, and the rows it completed handed on before the next is read.
    for await (const _ of parseStreaming(`${name}: ${found.part}`, stream, rows)) yield* rows.take();
    yield* rows.take();
  }

  close(): void {
    this.archive.close();
  }

  private partBound(): ByteBound {
    return { bytes: this.limits.maxPartBytes, name: 'INGEST_MAX_BYTES' };
  }

  /** The shared strings, read once (each kept to `MAX_CELL_CHARS`, at most `MAX_SHARED_STRINGS`). */
  private async strings(): Promise<string[]> {
    if (this.sharedStrings) return this.sharedStrings;
    const name = this.name;
    const list: string[] = [];
    const part = this.parts.sharedStrings;
    if (part && this.archive.entry(part)) {
      let depth = 0; // inside <si>
      let phonetic = 0; // inside <rPh>, whose text is a reading aid, not the string
      let inText = false;
      let current = '';
      await new PartReader(name, this.archive).parse(part, this.partBound(), {
        get readingText() {
          return inText;
        },
        open(element) {
          if (element === 'si') {
            depth++;
            current = '';
          } else if (element === 'rPh') phonetic++;
          else if (element === 't') inText = depth > 0 && phonetic === 0;
        },
        close(element) {
          if (element === 'si' && depth > 0) {
            depth--;
            if (list.length >= MAX_SHARED_STRINGS)
              throw new Error(`${name}: more than ${MAX_SHARED_STRINGS} shared strings`);
            list.push(current);
          } else if (element === 'rPh') phonetic = Math.max(0, phonetic - 1);
          else if (element === 't') inText = false;
        },
        text(text) {
          if (inText && current.length < MAX_CELL_CHARS) current = (current + text).slice(0, MAX_CELL_CHARS);
        },
      });
    }
    this.sharedStrings = list;
    return list;
  }
}

/**
 * Parses a part as `stream` inflates it, yielding after each piece (so a reader hands
 * on what it completed before more is read); the stream is destroyed when parsing
 * ends or stops. XML errors are named by `where` (the file and the part).
 */
async function* parseStreaming(where: string, stream: Readable, handler: XmlHandler): AsyncGenerator<void> {
  const xml = new StreamedXml(handler, 'an office document');
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of stream) {
      xml.write(decoder.write(chunk as Buffer));
      yield;
    }
    xml.write(decoder.end());
    xml.end();
  } catch (err) {
    throw err instanceof XmlReadError ? new Error(`${where}: ${err.message}`) : err;
  } finally {
    stream.destroy();
  }
}

/** Reads a part of a workbook whole as it streams (the directory parts, the shared strings). */
class PartReader {
  constructor(
    private readonly name: string,
    private readonly archive: ZipArchive,
  ) {}

  async parse(part: string, bound: ByteBound, handler: XmlHandler): Promise<void> {
    const stream = await this.archive.read(part, bound);
    for await (const _ of parseStreaming(`${this.name}: ${part}`, stream, handler)) void _;
  }

  /** The relationships of a `.rels` part (none when the archive lacks it). */
  async relationships(part: string): Promise<Array<{ id: string; type: string; target: string }>> {
    const out: Array<{ id: string; type: string; target: string }> = [];
    if (!this.archive.entry(part)) return out;
    await this.parse(part, DIRECTORY_PART, {
      readingText: false,
      open(element, attributes) {
        if (element !== 'Relationship') return;
        const [id, type, target] = ['Id', 'Type', 'Target'].map((a) => attributeOf(attributes, a));
        if (id !== undefined && type !== undefined && target !== undefined) out.push({ id, type, target });
      },
      close() {},
      text() {},
    });
    return out;
  }
}

/** The cell being read: its column, type attribute, whether a formula computes it, and its text so far. */
interface OpenCell {
  column: number | undefined;
  t: string | undefined;
  formula: boolean;
  value: string;
  inline: string;
}

/** What the `t` attribute of a cell says it holds. */
const CELL_TYPES: Record<string, XlsxCellType> = {
  s: 'string',
  str: 'string',
  inlineStr: 'string',
  n: 'number',
  b: 'boolean',
  e: 'error',
  d: 'date',
};

/** Turns the XML of a worksheet into rows, counted against `maxRows`. */
class SheetRows implements XmlHandler {
  private ready: XlsxRow[] = [];
  private row: XlsxRow | undefined;
  private rowCount = 0;
  private lastLine = 0;
  private cell: OpenCell | undefined;
  private nextColumn = 0;
  /** The element whose text is being read: `v` (a value) or `t` (an inline string's text). */
  private reading: 'v' | 't' | undefined;

  constructor(
    private readonly strings: readonly string[],
    private readonly maxRows: number,
    private readonly where: () => string,
  ) {}

  get readingText(): boolean {
    return this.reading !== undefined;
  }

  /** The rows completed since the last call. */
  take(): XlsxRow[] {
    const rows = this.ready;
    this.ready = [];
    return rows;
  }

  open(element: string, attributes: Readonly<Record<string, string>>): void {
    switch (element) {
      case 'row': {
        if (++this.rowCount > this.maxRows)
          throw new Error(
            `${this.where()} has more than ${this.maxRows} rows (an xlsx sheet is read up to ${this.maxRows})`,
          );
        const r = Number(attributeOf(attributes, 'r'));
        this.lastLine = Number.isSafeInteger(r) && r > this.lastLine ? r : this.lastLine + 1;
        this.row = { line: this.lastLine, cells: [] };
        this.nextColumn = 0;
        return;
      }
      case 'c':
        this.cell = {
          column: columnOf(attributeOf(attributes, 'r')) ?? this.nextColumn,
          t: attributeOf(attributes, 't'),
          formula: false,
          value: '',
          inline: '',
        };
        return;
      case 'f':
        if (this.cell) this.cell.formula = true;
        return;
      case 'v':
      case 't':
        if (this.cell) this.reading = element;
        return;
    }
  }

  close(element: string): void {
    switch (element) {
      case 'v':
      case 't':
        this.reading = undefined;
        return;
      case 'c':
        this.closeCell();
        return;
      case 'row':
        if (this.row) this.ready.push(this.row);
        this.row = undefined;
        return;
    }
  }

  text(text: string): void {
    const cell = this.cell;
    if (!cell || !this.reading) return;
    const key = this.reading === 'v' ? 'value' : 'inline';
    if (cell[key].length < MAX_CELL_CHARS) cell[key] = (cell[key] + text).slice(0, MAX_CELL_CHARS);
  }

  private closeCell(): void {
    const cell = this.cell;
    this.cell = undefined;
    if (!cell || !this.row || cell.column === undefined) return;
    this.nextColumn = cell.column + 1;
    if (cell.column >= MAX_COLUMNS) return;
    const written = cell.t === 'inlineStr' ? cell.inline : cell.value;
    if (written === '' && !cell.formula) return; // an empty cell (styled, perhaps)
    const type = CELL_TYPES[cell.t ?? 'n'] ?? 'error';
    const cells = this.row.cells;
    while (cells.length < cell.column) cells.push(undefined);
    if (cell.t !== 's') {
      cells[cell.column] = { text: written, type, formula: cell.formula };
      return;
    }
    const shared = /^\d{1,9}$/.test(written) ? this.strings[Number(written)] : undefined;
    cells[cell.column] =
      shared === undefined
        ? { text: `shared string ${written}, which the workbook lacks`, type: 'error', formula: cell.formula }
        : { text: shared, type, formula: cell.formula };
  }
}
