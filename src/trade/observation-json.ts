import { jsonArray, jsonNumber } from '../json-bytes.js';
import type { AnnualRow } from './annual-listing.js';
import { formatHs6, monthDate, type TradeCatalogue } from './catalogue.js';
import type { MonthlyRow } from './monthly-listing.js';

// The observations of a listing page written straight to JSON bytes: the same text, field
// for field and in the same order, as the schema serializer makes of `annualObservation`
// and `monthlyObservation` (points.ts), which serve the other representations.

/** Each country's ISO2 code as a JSON string, by id, kept per catalogue. */
const quotedIso2 = new WeakMap<TradeCatalogue, Map<number, string>>();

function iso2Json(catalogue: TradeCatalogue): (id: number) => string {
  let known = quotedIso2.get(catalogue);
  if (!known) quotedIso2.set(catalogue, (known = new Map<number, string>()));
  const memo = known;
  return (id) => {
    let text = memo.get(id);
    if (text === undefined) memo.set(id, (text = JSON.stringify(catalogue.iso2(id))));
    return text;
  };
}

/** The JSON array of a page of annual observations. */
export function annualObservationsJson(catalogue: TradeCatalogue, rows: readonly AnnualRow[]): Buffer {
  const iso2 = iso2Json(catalogue);
  return jsonArray(
    rows,
    (r) =>
      `{"exporter":${iso2(r.exporter)},"importer":${iso2(r.importer)},"hs6":"${formatHs6(r.hs6)}",` +
      `"hs_version":${catalogue.annualEdition(r.exporter, r.year)},"period":"${r.year}-01-01",` +
      `"granularity":"annual","value_usd":${jsonNumber(r.value)},"quantity":${jsonNumber(r.qty)},` +
      `"quantity_unit":"kg"}`,
  );
}

/** The JSON array of a page of monthly observations. */
export function monthlyObservationsJson(catalogue: TradeCatalogue, rows: readonly MonthlyRow[]): Buffer {
  const iso2 = iso2Json(catalogue);
  return jsonArray(rows, (r) => {
    const declarer = r.reported_by === 'exporter' ? r.exporter : r.importer;
    return (
      `{"exporter":${iso2(r.exporter)},"importer":${iso2(r.importer)},"hs6":"${formatHs6(r.hs6)}",` +
      `"hs_version":${catalogue.monthlyEdition(declarer, r.month)},"period":"${monthDate(r.month)}",` +
      `"granularity":"monthly","value_usd":${jsonNumber(r.value)},"quantity":${jsonNumber(r.qty)},` +
      `"quantity_unit":"kg","reported_by":"${r.reported_by}"}`
    );
  });
}
