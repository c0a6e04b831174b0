import { Type, type TObject, type TSchema } from '@sinclair/typebox';

/**
 * CSV answers (RFC 4180): one header row with the item's field names in the order of
 * the JSON items, CRLF line ends, a field quoted when it holds a quote, a comma or a
 * line break, `null` as an empty field, arrays joined with `;`, and text that would
 * be read as a formula prefixed with a single quote (CONTRACT §9).
 */

export type Representation = 'json' | 'csv';

/** The `format` parameter: `csv` only where `data` is an array (a 422 elsewhere). */
export function formatParameter(csv: boolean): TSchema {
  const description = csv
    ? 'Answer as `json` (the default) or `csv`; `Accept: text/csv` also selects CSV when `format` is absent.'
    : 'Only `json`: the data of this operation is one object, not rows.';
  const values = csv ? [Type.Literal('json'), Type.Literal('csv')] : [Type.Literal('json')];
  return Type.Optional(Type.Union(values, { description, examples: [csv ? 'csv' : 'json'] }));
}

/** The operation's query schema with `format` added. */
export function withFormat(query: TObject | undefined, csv: boolean): TObject {
  const { properties = {}, ...options } = query ?? Type.Object({});
  return Type.Object({ ...properties, format: formatParameter(csv) }, options);
}

/** Quality of `type` in one Accept range list item (`text/csv;q=0.9`), or undefined if it does not match. */
function qualityOf(range: string, type: string): { q: number; specificity: number } | undefined {
  const [media = '', ...params] = range.split(';').map((p) => p.trim().toLowerCase());
  const main = type.split('/')[0];
  let specificity: number;
  if (media === type) specificity = 2;
  else if (media === `${main}/*`) specificity = 1;
  else if (media === '*/*') specificity = 0;
  else return undefined;
  let q = 1;
  for (const p of params) {
    if (p.startsWith('q=')) q = Number(p.slice(2));
  }
  return { q: Number.isFinite(q) ? q : 0, specificity };
}

/** The quality an Accept header gives `type`: its most specific matching range's (RFC 9110 §12.5.1). */
function acceptQuality(accept: string, type: string): number {
  let best: { q: number; specificity: number } | undefined;
  for (const range of accept.split(',')) {
    const match = qualityOf(range, type);
    if (match && (!best || match.specificity > best.specificity)) best = match;
  }
  return best?.q ?? 0;
}

/**
 * CSV when `format=csv`, or when `format` is absent and `Accept` prefers `text/csv`
 * to `application/json` (a tie keeps JSON, the default). Linear in the header's length.
 */
export function representationOf(format: unknown, accept: string | undefined): Representation {
  if (format === 'csv') return 'csv';
  if (format === 'json' || !accept || accept.length > 4096) return 'json';
  return acceptQuality(accept, 'text/csv') > acceptQuality(accept, 'application/json') ? 'csv' : 'json';
}

/** A value as text: strings as they are, numbers and booleans as in JSON, anything else as JSON. */
function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

/**
 * Text a spreadsheet would take for a formula (`=`, `+`, `-`, `@`, a tab or a carriage
 * return first) gets a single quote before it; numbers are written as numbers.
 */
function inert(t: string, value: unknown): string {
  return typeof value !== 'number' && /^[=+\-@\t\r]/.test(t) ? `'${t}` : t;
}

function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  const t = inert(Array.isArray(value) ? value.map(text).join(';') : text(value), value);
  return /[",\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
}

/** The fields of an object schema as a schema serializer writes them: the required ones first, each in schema order. */
function serializedOrder(shape: TSchema): string[] {
  const fields = Object.keys((shape.properties as Record<string, unknown> | undefined) ?? {});
  const required = new Set((shape.required as string[] | undefined) ?? []);
  return [...fields.filter((f) => required.has(f)), ...fields.filter((f) => !required.has(f))];
}

/** The branch of a row schema (a union of row shapes, or one shape) that has every field of `row`. */
function shapeOf(itemSchema: TSchema, row: Record<string, unknown> | undefined): string[] {
  const shapes = ((itemSchema.anyOf as TSchema[] | undefined) ?? [itemSchema]).map(serializedOrder);
  if (row === undefined) return shapes[0] ?? [];
  return shapes.find((fields) => Object.keys(row).every((f) => fields.includes(f))) ?? shapes[0] ?? [];
}

/**
 * The field names of CSV rows, in the order of the JSON items: with no rows, the item
 * schema's (for a union of item shapes, the first one's). Otherwise the first row's
 * fields: in the order of the schema's shape that holds them when `schemaOrder` (a
 * schema serializer writes only its schema's fields, the required ones first), else in the
 * row's own order (as JSON.stringify writes them); a field whose value is undefined
 * is absent from JSON, and so from the CSV.
 */
export function csvColumns(
  itemSchema: TSchema,
  rows: Array<Record<string, unknown>>,
  { schemaOrder = false }: { schemaOrder?: boolean } = {},
): string[] {
  const first = rows[0];
  if (first === undefined) return shapeOf(itemSchema, undefined);
  const fields = schemaOrder ? shapeOf(itemSchema, first) : Object.keys(first);
  return fields.filter((field) => first[field] !== undefined);
}

/** The schema of one row of an operation's `data`, or undefined when `data` is not rows. */
export function rowSchemaOf(body: TObject): TSchema | undefined {
  const data = body.properties.data;
  if (!data) return undefined;
  if (data.type === 'array') return data.items as TSchema;
  const arrays = data.anyOf as TSchema[] | undefined;
  if (arrays?.every((a) => a.type === 'array')) return Type.Union(arrays.map((a) => a.items as TSchema));
  return undefined;
}

/** The CSV text of `rows`: the header row, then one line per row, each ended by CRLF. */
export function toCsv(columns: string[], rows: Array<Record<string, unknown>>): string {
  const lines = [columns.map(field).join(',')];
  for (const row of rows) lines.push(columns.map((c) => field(row[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
