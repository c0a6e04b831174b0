import { JsonWriter, asciiBytes } from '../json-bytes.js';
import type { AnnualRows } from './annual-listing.js';
import type { MonthlyRows } from './monthly-listing.js';
import { monthDate, type ObservationLabels } from './observation-labels.js';

// The observations of a listing page written straight to JSON bytes from the page's
// columns: the same text, field for field and in the same order, as the schema
// serializer makes of `annualObservation` and `monthlyObservation` (points.ts), which
// serve the other representations. They import no more than the labels they name, so
// a worker thread writes them too (`observation-json-thread.ts`).

/** Bytes written before and after the array (the envelope around `data`), in the same buffer. */
export interface Around {
  before: Uint8Array;
  after: Uint8Array;
}

const NOTHING = new Uint8Array(0);
const ALONE: Around = { before: NOTHING, after: NOTHING };

/**
 * The opening of an observation with its countries, `{"exporter":"DE","importer":"FR","hs6":"`,
 * as bytes by exporter and importer id, kept per catalogue's labels: a page copies it in one step.
 */
const openings = new WeakMap<ObservationLabels, Map<number, Uint8Array>>();

function openingOf(labels: ObservationLabels): (exporter: number, importer: number) => Uint8Array {
  let known = openings.get(labels);
  if (!known) openings.set(labels, (known = new Map<number, Uint8Array>()));
  const memo = known;
  const quoted = (id: number) => JSON.stringify(labels.iso2(id));
  return (exporter, importer) => {
    const key = exporter * 65536 + importer;
    let bytes = memo.get(key);
    if (bytes === undefined) {
      const text = `{"exporter":${quoted(exporter)},"importer":${quoted(importer)},"hs6":"`;
      memo.set(key, (bytes = Buffer.from(text, 'utf8')));
    }
    return bytes;
  };
}

/** About the bytes of one written observation, for the first size of the buffer. */
const ROW_BYTES = 192;

const piece = {
  quantity: asciiBytes(',"quantity":'),
  kg: asciiBytes(',"quantity_unit":"kg"}'),
  kgMonthly: asciiBytes(',"quantity_unit":"kg","reported_by":"'),
  byExporter: asciiBytes('exporter"}'),
  byImporter: asciiBytes('importer"}'),
};

/**
 * What follows the product code up to the value, as bytes by granularity, edition and
 * period (a year, or a month counted from January 2000):
 * `","hs_version":2017,"period":"2019-01-01","granularity":"annual","value_usd":`.
 */
const periodPieces = new Map<number, Uint8Array>();

function periodPiece(granularity: 'annual' | 'monthly', edition: number, period: number): Uint8Array {
  // Editions and periods are small integers: one number keys all three.
  const key = ((granularity === 'annual' ? 0 : 1) * 10_000 + edition) * 1_000_000 + period;
  let bytes = periodPieces.get(key);
  if (bytes === undefined) {
    const date = granularity === 'annual' ? `${period}-01-01` : monthDate(period);
    const text = `","hs_version":${edition},"period":"${date}","granularity":"${granularity}","value_usd":`;
    periodPieces.set(key, (bytes = asciiBytes(text)));
  }
  return bytes;
}

/** A JSON array of observations, written field by field. */
class ObservationsWriter {
  private readonly out: JsonWriter;
  private readonly opening: (exporter: number, importer: number) => Uint8Array;
  private readonly after: Uint8Array;
  private written = 0;

  constructor(labels: ObservationLabels, sized: { rows: number; around: Around }) {
    const { rows, around } = sized;
    this.opening = openingOf(labels);
    this.after = around.after;
    this.out = JsonWriter.onScratch(around.before.length + rows * ROW_BYTES + 2 + around.after.length);
    this.out.bytes(around.before);
    this.out.byte(0x5b); // [
  }

  /** Opens the next observation up to its product code: `{"exporter":"DE","importer":"FR","hs6":"010121`. */
  open(exporter: number, importer: number, hs6: number): JsonWriter {
    const out = this.out;
    if (this.written++ > 0) out.byte(0x2c); // ,
    out.bytes(this.opening(exporter, importer));
    out.digits(hs6, 6);
    return out;
  }

  /** The value, then the quantity: `…,"quantity":…` (the period's piece comes before). */
  amounts(value: number, qty: number): void {
    this.out.number(value);
    this.out.bytes(piece.quantity);
    this.out.number(qty);
  }

  done(): Buffer {
    this.out.byte(0x5d); // ]
    this.out.bytes(this.after);
    return this.out.done();
  }
}

/**
 * The JSON array of a page of annual observations, between `around`'s bytes: valid
 * until the next page is written (`JsonWriter.onScratch`).
 */
export function annualObservationsJson(labels: ObservationLabels, rows: AnnualRows, around = ALONE): Buffer {
  const exporter = rows.column('exporter');
  const importer = rows.column('importer');
  const hs6 = rows.column('hs6');
  const year = rows.column('year');
  const value = rows.column('value');
  const qty = rows.column('qty');
  const w = new ObservationsWriter(labels, { rows: rows.length, around });
  // A page's rows mostly share their exporter's edition and year: the last piece is reused while they do.
  let [lastExporter, lastYear, period]: [number, number, Uint8Array] = [NaN, NaN, new Uint8Array(0)];
  for (let i = 0; i < rows.length; i++) {
    const out = w.open(exporter[i]!, importer[i]!, hs6[i]!);
    if (exporter[i] !== lastExporter || year[i] !== lastYear) {
      [lastExporter, lastYear] = [exporter[i]!, year[i]!];
      period = periodPiece('annual', labels.annualEdition(lastExporter, lastYear), lastYear);
    }
    out.bytes(period);
    w.amounts(value[i]!, qty[i]!);
    out.bytes(piece.kg);
  }
  return w.done();
}

/**
 * The JSON array of a page of monthly observations, between `around`'s bytes: valid
 * until the next page is written (`JsonWriter.onScratch`).
 */
export function monthlyObservationsJson(labels: ObservationLabels, rows: MonthlyRows, around = ALONE): Buffer {
  const exporter = rows.column('exporter');
  const importer = rows.column('importer');
  const hs6 = rows.column('hs6');
  const month = rows.column('month');
  const value = rows.column('value');
  const qty = rows.column('qty');
  const byImporter = rows.column('by_importer');
  const w = new ObservationsWriter(labels, { rows: rows.length, around });
  for (let i = 0; i < rows.length; i++) {
    const m = month[i]!;
    const importerDeclared = byImporter[i] === 1;
    const out = w.open(exporter[i]!, importer[i]!, hs6[i]!);
    // The edition of the declaration the figure comes from.
    const edition = labels.monthlyEdition(importerDeclared ? importer[i]! : exporter[i]!, m);
    out.bytes(periodPiece('monthly', edition, m));
    w.amounts(value[i]!, qty[i]!);
    out.bytes(piece.kgMonthly);
    out.bytes(importerDeclared ? piece.byImporter : piece.byExporter);
  }
  return w.done();
}
