import { JsonWriter, asciiBytes } from '../json-bytes.js';
import type { AnnualRows } from './annual-listing.js';
import { monthDate, type TradeCatalogue } from './catalogue.js';
import type { MonthlyRows } from './monthly-listing.js';

// The observations of a listing page written straight to JSON bytes from the page's
// columns: the same text, field for field and in the same order, as the schema
// serializer makes of `annualObservation` and `monthlyObservation` (points.ts), which
// serve the other representations.

/** Each country's ISO2 code as JSON bytes (`"DE"`), by id, kept per catalogue. */
const quotedIso2 = new WeakMap<TradeCatalogue, Map<number, Uint8Array>>();

function iso2Json(catalogue: TradeCatalogue): (id: number) => Uint8Array {
  let known = quotedIso2.get(catalogue);
  if (!known) quotedIso2.set(catalogue, (known = new Map<number, Uint8Array>()));
  const memo = known;
  return (id) => {
    let bytes = memo.get(id);
    if (bytes === undefined) memo.set(id, (bytes = Buffer.from(JSON.stringify(catalogue.iso2(id)), 'utf8')));
    return bytes;
  };
}

/** About the bytes of one written observation, for the first size of the buffer. */
const ROW_BYTES = 192;

const piece = {
  exporter: asciiBytes('{"exporter":'),
  importer: asciiBytes(',"importer":'),
  hs6: asciiBytes(',"hs6":"'),
  hsVersion: asciiBytes('","hs_version":'),
  period: asciiBytes(',"period":"'),
  january: asciiBytes('-01-01'),
  firstDay: asciiBytes('-01'),
  annual: asciiBytes('","granularity":"annual","value_usd":'),
  monthly: asciiBytes('","granularity":"monthly","value_usd":'),
  quantity: asciiBytes(',"quantity":'),
  kg: asciiBytes(',"quantity_unit":"kg"}'),
  kgMonthly: asciiBytes(',"quantity_unit":"kg","reported_by":"'),
  byExporter: asciiBytes('exporter"}'),
  byImporter: asciiBytes('importer"}'),
};

/** A JSON array of observations, written field by field. */
class ObservationsWriter {
  private readonly out: JsonWriter;
  private readonly iso2: (id: number) => Uint8Array;
  private written = 0;

  constructor(catalogue: TradeCatalogue, rows: number) {
    this.iso2 = iso2Json(catalogue);
    this.out = JsonWriter.onScratch(rows * ROW_BYTES + 2);
    this.out.byte(0x5b); // [
  }

  /** Opens the next observation with its countries: `{"exporter":"DE","importer":"FR"`. */
  countries(exporter: number, importer: number): JsonWriter {
    const out = this.out;
    if (this.written++ > 0) out.byte(0x2c); // ,
    out.bytes(piece.exporter);
    out.bytes(this.iso2(exporter));
    out.bytes(piece.importer);
    out.bytes(this.iso2(importer));
    return out;
  }

  /** The product and its edition, and the opening of the period: `,"hs6":"010121","hs_version":2017,"period":"`. */
  product(hs6: number, edition: number): void {
    const out = this.out;
    out.bytes(piece.hs6);
    out.digits(hs6, 6);
    out.bytes(piece.hsVersion);
    out.digits(edition);
    out.bytes(piece.period);
  }

  /** The value, then the quantity: `…,"quantity":…` (the granularity's piece comes before). */
  amounts(value: number, qty: number): void {
    this.out.number(value);
    this.out.bytes(piece.quantity);
    this.out.number(qty);
  }

  done(): Buffer {
    this.out.byte(0x5d); // ]
    return this.out.done();
  }
}

/** The JSON array of a page of annual observations: valid until the next page is written (`JsonWriter.onScratch`). */
export function annualObservationsJson(catalogue: TradeCatalogue, rows: AnnualRows): Buffer {
  const exporter = rows.column('exporter');
  const importer = rows.column('importer');
  const hs6 = rows.column('hs6');
  const year = rows.column('year');
  const value = rows.column('value');
  const qty = rows.column('qty');
  const w = new ObservationsWriter(catalogue, rows.length);
  for (let i = 0; i < rows.length; i++) {
    const out = w.countries(exporter[i]!, importer[i]!);
    w.product(hs6[i]!, catalogue.annualEdition(exporter[i]!, year[i]!));
    out.digits(year[i]!);
    out.bytes(piece.january);
    out.bytes(piece.annual);
    w.amounts(value[i]!, qty[i]!);
    out.bytes(piece.kg);
  }
  return w.done();
}

/** The JSON array of a page of monthly observations: valid until the next page is written (`JsonWriter.onScratch`). */
export function monthlyObservationsJson(catalogue: TradeCatalogue, rows: MonthlyRows): Buffer {
  const exporter = rows.column('exporter');
  const importer = rows.column('importer');
  const hs6 = rows.column('hs6');
  const month = rows.column('month');
  const value = rows.column('value');
  const qty = rows.column('qty');
  const byImporter = rows.column('by_importer');
  const w = new ObservationsWriter(catalogue, rows.length);
  for (let i = 0; i < rows.length; i++) {
    const m = month[i]!;
    const importerDeclared = byImporter[i] === 1;
    const out = w.countries(exporter[i]!, importer[i]!);
    // The edition of the declaration the figure comes from.
    w.product(hs6[i]!, catalogue.monthlyEdition(importerDeclared ? importer[i]! : exporter[i]!, m));
    if (m >= 0) {
      out.digits(2000 + Math.floor(m / 12));
      out.byte(0x2d); // -
      out.digits((m % 12) + 1, 2);
      out.bytes(piece.firstDay);
    } else out.ascii(monthDate(m));
    out.bytes(piece.monthly);
    w.amounts(value[i]!, qty[i]!);
    out.bytes(piece.kgMonthly);
    out.bytes(importerDeclared ? piece.byImporter : piece.byExporter);
  }
  return w.done();
}
