import { JsonWriter, asciiBytes } from '../json-bytes.js';
import type { TradeCatalogue } from './catalogue.js';
import type { AggregateRow, GroupKey } from './annual-sums.js';
import type { Around } from './observation-json.js';

// Annual sums written straight to JSON bytes as GroupedPoints: the same text, field for
// field and in the same order, as the schema serializer makes of `annualPoints`
// (points.ts), which serves the other representations. A ranking of 500 products then
// makes no object per row, nor the serializer's string of them.

/** The grouped point's key fields in the schema's order: the key's is written, the others are null. */
const KEY_FIELDS = ['period', 'partner', 'exporter', 'importer', 'hs6'] as const;

/** About the bytes of one written point, for the first size of the buffer. */
const POINT_BYTES = 136;

/** The bytes before a point's key value and after it up to `value_usd`'s, by the key's field. */
function keyPieces(field: (typeof KEY_FIELDS)[number]): { open: Uint8Array; close: Uint8Array } {
  const at = KEY_FIELDS.indexOf(field);
  const nulls = (fields: readonly string[]) => fields.map((f) => `"${f}":null,`).join('');
  const open = `{${nulls(KEY_FIELDS.slice(0, at))}"${field}":`;
  const close = `,${nulls(KEY_FIELDS.slice(at + 1))}"value_usd":`;
  return { open: asciiBytes(open), close: asciiBytes(close) };
}

/** The pieces of each key field, made once. */
const PIECES = new Map(KEY_FIELDS.map((field) => [field, keyPieces(field)]));

const QUANTITY = asciiBytes(',"quantity":');
const FLOW_COUNT = asciiBytes(',"flow_count":');
const YEAR_END = asciiBytes('-01-01"');

/**
 * The JSON array of `annualPoints(catalogue, key, rows)` between `around`'s bytes, in a
 * buffer of its own (written in the scratch buffer, then copied: see `JsonWriter.onScratch`).
 */
export function groupedPointsJson(
  catalogue: TradeCatalogue,
  grouped: { key: GroupKey; rows: readonly AggregateRow[] },
  around: Around,
): Buffer {
  const { key, rows } = grouped;
  const { open, close } = PIECES.get(key === 'year' ? 'period' : key)!;
  const countries = new Map<number, Uint8Array>();
  const country = (id: number) => {
    let bytes = countries.get(id);
    if (!bytes) countries.set(id, (bytes = Buffer.from(JSON.stringify(catalogue.iso2(id)), 'utf8')));
    return bytes;
  };
  const out = JsonWriter.onScratch(around.before.length + rows.length * POINT_BYTES + 2 + around.after.length);
  out.bytes(around.before);
  out.byte(0x5b); // [
  rows.forEach((r, i) => {
    if (i > 0) out.byte(0x2c); // ,
    out.bytes(open);
    const k = r[key]!;
    if (key === 'year') {
      out.byte(0x22); // "
      out.digits(k);
      out.bytes(YEAR_END);
    } else if (key === 'hs6') {
      out.byte(0x22); // "
      out.digits(k, 6); // as `formatHs6`: six digits, zero-padded
      out.byte(0x22);
    } else out.bytes(country(k));
    out.bytes(close);
    out.number(r.value);
    out.bytes(QUANTITY);
    out.number(r.qty);
    out.bytes(FLOW_COUNT);
    out.number(Math.round(r.n));
    out.byte(0x7d); // }
  });
  out.byte(0x5d); // ]
  out.bytes(around.after);
  // Copied out of the scratch buffer into one of the answer's exact size (the answer cache keeps it).
  const written = out.done();
  const body = Buffer.allocUnsafe(written.length);
  body.set(written);
  return body;
}
