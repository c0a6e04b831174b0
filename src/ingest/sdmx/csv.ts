import { Parser, type Info } from 'csv-parse';
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
  const id = text.split(': ')[0]!.replace(/\[.*$/, '').trim();
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
  const isAttribute = attributeTest(options);
  let head = '';
  let parser: Parser | undefined;
  let roles: Role[] | undefined;
  let labelled = false;
  let decimalComma = false;

  const header = (fields: string[]) => {
    roles = fields.map((f): Role => {
      const h = headerId(f);
      labelled ||= h.labelled;
      if (!h.id) return { kind: 'ignored' };
      const id = h.id;
      if (id === 'ACTION') return { kind: 'action' };
      if (META.has(id)) return { kind: 'meta' };
      if (id === 'OBS_VALUE') return { kind: 'value' };
      return { kind: isAttribute(id) ? 'attribute' : 'dimension', id };
    });
  };

  const record = (fields: string[], line: number) => {
    if (!roles) return header(fields);
    const dimensions: Record<string, string> = {};
    const attributes: Record<string, string> = {};
    let value: string | undefined;
    let action = 'replace' as 'replace' | 'delete';
    roles.forEach((role, i) => {
      let text = fields[i] ?? '';
      if (role.kind === 'action') action = /^D$/i.test(text.trim()) ? 'delete' : 'replace';
      else if (role.kind === 'value') value = decimalComma ? text.replace(/^(-?\d+),(\d+)$/, '$1.$2') : text;
      else if (role.kind === 'dimension' || role.kind === 'attribute') {
        if (labelled && text.includes(': ')) text = text.split(': ')[0]!;
        if (role.kind === 'dimension') dimensions[role.id] = text;
        else if (text !== '') attributes[role.id] = text;
      }
    });
    if (action === 'delete' && value === '-') value = undefined;
    emitObservation(sink, { dimensions, attributes, value, action, line });
  };

  const start = (delimiter: string) => {
    decimalComma = delimiter === ';';
    const p = new Parser({
      delimiter,
      bom: true,
      relax_column_count: true,
      info: true,
      max_record_size: MAX_FIELD_CHARS,
    });
    // Records are taken as csv-parse hands them on, while the text is written (no stream buffering).
    p.push = (chunk: unknown) => {
      if (chunk !== null) {
        const { record: fields, info } = chunk as { record: string[]; info: Info };
        record(fields, info.lines);
      }
      return true;
    };
    return p;
  };

  const feed = (p: Parser, text: string) => {
    let failure: Error | null | undefined;
    p._transform(Buffer.from(text), 'utf8', (err) => (failure = err));
    if (failure) throw failure;
  };

  return {
    write(text) {
      if (parser) return feed(parser, text);
      head += text;
      const newline = head.indexOf('\n');
      if (newline < 0) {
        if (head.length > MAX_HEADER_CHARS)
          throw new Error(`an SDMX-CSV header longer than ${MAX_HEADER_CHARS} characters`);
        return;
      }
      const delimiter = csvDelimiter(head.slice(0, newline));
      if (!delimiter) throw new Error('not SDMX-CSV (the first column is neither DATAFLOW nor STRUCTURE)');
      parser = start(delimiter);
      const all = head;
      head = '';
      feed(parser, all);
    },
    end() {
      if (!parser) {
        if (head.trim() === '') throw new Error('an empty SDMX-CSV message');
        this.write('\n');
      }
      let failure: Error | null | undefined;
      parser!._flush((err) => (failure = err));
      if (failure) throw failure;
    },
  };
}
