import { Parser } from 'csv-parse';
import {
  attributeTest,
  emitObservation,
  isSdmxId,
  type SdmxReader,
  type SdmxReadOptions,
  type SdmxSink,
} from './observation.js';

/** Columns that say which structure and action a row has, not a dimension or attribute. */
const META = new Set(['DATAFLOW', 'STRUCTURE', 'STRUCTURE_ID', 'STRUCTURE_NAME', 'ACTION', 'SERIES_KEY', 'OBS_KEY']);
/** A header line longer than this is refused (it is read whole before the parser starts). */
const MAX_HEADER_CHARS = 1024 * 1024;
/** The longest field csv-parse holds (a text attribute may run long; a whole file in one field may not). */
const MAX_FIELD_CHARS = 1024 * 1024;

type Role = { kind: 'meta' | 'action' | 'value' | 'ignored' } | { kind: 'dimension' | 'attribute'; id: string };

/**
 * The column separator of an SDMX-CSV message: the character after its first
 * column's name (`DATAFLOW,` in 1.0; `STRUCTURE,` or `STRUCTURE[;];` in 2.0, where
 * the bracket holds the separator of multiple values).
 */
export function csvDelimiter(headerLine: string): string | undefined {
  const m = /^\uFEFF?(?:DATAFLOW|STRUCTURE(?:\[.\])?)(.)/i.exec(headerLine);
  return m?.[1];
}

/** A header's id: without `[…]` (multiple values, languages) and `: label`; undefined when it is not an SDMX id. */
function headerId(text: string): { id: string | undefined; labelled: boolean } {
  const labelled = text.includes(': ');
  const name = text.split(': ')[0]!;
  const bracket = name.indexOf('[');
  const id = (bracket < 0 ? name : name.slice(0, bracket)).trim();
  return { id: isSdmxId(id) ? id : undefined, labelled };
}

/**
 * SDMX-CSV 1.0 (`DATAFLOW,` first) and 2.0 (`STRUCTURE,STRUCTURE_ID,ACTION,…`),
 * parsed by csv-parse as the text streams. `TIME_PERIOD` is the time, `OBS_VALUE`
 * the value, known attribute ids attributes and every other id a dimension;
 * columns whose header is no SDMX id (the labels of 2.0's `--labels=name`) are
 * left aside, and `: label` is cut from headers and values (`--labels=both`). An
 * `ACTION` of `D` deletes. With `;` between columns, a decimal comma is read.
 */
export function csvReader(sink: SdmxSink, options?: SdmxReadOptions): SdmxReader {
  return new CsvMessage(sink, attributeTest(options));
}

/** The reader of one SDMX-CSV message: its header line is read whole to find the separator, then csv-parse runs. */
class CsvMessage implements SdmxReader {
  private head = '';
  private parser: Parser | undefined;
  private roles: Role[] | undefined;
  private labelled = false;
  private decimalComma = false;
  /** A `\r` that ended the last piece, kept until the next shows whether `\n` follows. */
  private pendingCr = '';
  /** Lines of the message read so far. */
  private lines = 0;

  constructor(
    private readonly sink: SdmxSink,
    private readonly isAttribute: (id: string) => boolean,
  ) {}

  write(piece: string): void {
    // Line ends are made `\n` before csv-parse sees them (a `\r\n` split between two
    // pieces would otherwise end two records), so records' lines can be counted.
    let text = this.pendingCr + piece;
    this.pendingCr = text.endsWith('\r') ? '\r' : '';
    if (this.pendingCr) text = text.slice(0, -1);
    text = text.replace(/\r\n?/g, '\n');
    if (this.parser) return feed(this.parser, text);
    this.head += text;
    const newline = this.head.indexOf('\n');
    if (newline < 0) {
      if (this.head.length > MAX_HEADER_CHARS)
        throw new Error(`an SDMX-CSV header longer than ${MAX_HEADER_CHARS} characters`);
      return;
    }
    const delimiter = csvDelimiter(this.head.slice(0, newline));
    if (!delimiter) throw new Error('not SDMX-CSV (the first column is neither DATAFLOW nor STRUCTURE)');
    this.parser = this.start(delimiter);
    const all = this.head;
    this.head = '';
    feed(this.parser, all);
  }

  end(): void {
    if (this.pendingCr) this.write('\n');
    if (!this.parser) {
      if (this.head.trim() === '') throw new Error('an empty SDMX-CSV message');
      this.write('\n');
    }
    let failure: Error | null | undefined;
    this.parser!._flush((err) => (failure = err));
    if (failure) throw failure;
  }

  private start(delimiter: string): Parser {
    this.decimalComma = delimiter === ';';
    const p = new Parser({
      delimiter,
      bom: true,
      relax_column_count: true,
      raw: true,
      record_delimiter: '\n',
      max_record_size: MAX_FIELD_CHARS,
    });
    // Records are taken as csv-parse hands them on, while the text is written (no stream buffering).
    p.push = (chunk: unknown) => {
      if (chunk !== null) {
        const { record, raw } = chunk as { record: string[]; raw: string };
        const line = this.lines + 1; // where the record starts
        for (let i = raw.indexOf('\n'); i >= 0; i = raw.indexOf('\n', i + 1)) this.lines++;
        if (record.length === 1 && record[0] === '') return true; // an empty line
        if (this.roles) this.record(record, line);
        else this.header(record);
      }
      return true;
    };
    return p;
  }

  private header(fields: string[]): void {
    this.roles = fields.map((f): Role => {
      const { id, labelled } = headerId(f);
      this.labelled ||= labelled;
      if (!id) return { kind: 'ignored' };
      if (id === 'ACTION') return { kind: 'action' };
      if (META.has(id)) return { kind: 'meta' };
      if (id === 'OBS_VALUE') return { kind: 'value' };
      return { kind: this.isAttribute(id) ? 'attribute' : 'dimension', id };
    });
  }

  private record(fields: string[], line: number): void {
    const dimensions: Record<string, string> = {};
    const attributes: Record<string, string> = {};
    let value: string | undefined;
    let action = 'replace' as 'replace' | 'delete';
    this.roles!.forEach((role, i) => {
      let text = fields[i] ?? '';
      if (role.kind === 'action') action = /^D$/i.test(text.trim()) ? 'delete' : 'replace';
      else if (role.kind === 'value') value = this.decimalComma ? text.replace(/^(-?\d+),(\d+)$/, '$1.$2') : text;
      else if (role.kind === 'dimension' || role.kind === 'attribute') {
        if (this.labelled && text.includes(': ')) text = text.split(': ')[0]!;
        if (role.kind === 'dimension') dimensions[role.id] = text;
        else if (text !== '') attributes[role.id] = text;
      }
    });
    // In a delete, `-` marks the value as the component to withdraw.
    if (action === 'delete' && value === '-') value = undefined;
    emitObservation(this.sink, { dimensions, attributes, value, action, line });
  }
}

/** Gives csv-parse a piece of text; a record it refuses throws. */
function feed(p: Parser, text: string): void {
  let failure: Error | null | undefined;
  p._transform(Buffer.from(text), 'utf8', (err) => (failure = err));
  if (failure) throw failure;
}
