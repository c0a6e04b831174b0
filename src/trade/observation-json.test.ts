import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TradeCatalogue } from './catalogue.js';
import { ANNUAL_COLUMNS } from './annual-listing.js';
import { ListedRows } from './listed-rows.js';
import { MONTHLY_COLUMNS } from './monthly-listing.js';
import { annualObservationsJson, monthlyObservationsJson } from './observation-json.js';
import { annualObservation, monthlyObservation } from './points.js';

const catalogue = new TradeCatalogue({
  countries: [
    { id: 1, iso2: 'DE', iso3: 'DEU', name: 'Germany', region: null, is_reporter: true },
    { id: 2, iso2: 'FR', iso3: 'FRA', name: 'France', region: null, is_reporter: true },
  ],
  products: [],
  coverage: [],
  editions: [
    { granularity: 'annual', country: 1, period: 2019, hs_version: 2017 },
    { granularity: 'monthly', country: 1, period: 290, hs_version: 2012 },
  ],
});

/** Rows as a page holds them: a column each, NaN for null. */
function columns<C extends string>(names: readonly C[], rows: Array<Record<C, number | null>>): ListedRows<C> {
  return ListedRows.of(
    names,
    names.map((c) => Float64Array.from(rows, (r) => r[c] ?? NaN)),
  );
}

// Values of every kind a flow holds: integers, fractions, very large and very small, none.
const values = [
  0,
  1,
  275839263263,
  0.30000000000000004,
  123.456,
  1.5e-7,
  1e21,
  2 ** 53 + 2,
  -4.2,
  -0,
  -12,
  2 ** 53 - 1,
  9.99e-5,
];

describe('observation pages as JSON bytes', () => {
  it('write the annual observations as JSON.stringify writes their objects', () => {
    const rows = values.map((value, i) => ({
      exporter: 1 + (i % 3),
      importer: 2 - (i % 2),
      hs6: [10121, 999999, 1][i % 3]!,
      year: 2017 + (i % 4),
      value,
      qty: i % 4 === 0 ? null : values[(i + 3) % values.length]!,
    }));
    const expected = JSON.stringify(rows.map((r) => annualObservation(catalogue, r)));
    assert.equal(annualObservationsJson(catalogue.labels, columns(ANNUAL_COLUMNS, rows)).toString(), expected);
    assert.match(expected, /"hs_version":2017/, 'an edition of its own is written');
    assert.match(expected, /"exporter":"\?\?"/, 'a country the catalogue lacks is written as its object is');
  });

  it('write the monthly observations as JSON.stringify writes their objects', () => {
    const rows = values.map((value, i) => ({
      exporter: 1 + (i % 2),
      importer: 2 - (i % 2),
      hs6: 854231,
      month: i < 3 ? [0, 11, 12][i]! : 287 + i,
      value,
      qty: i % 3 ? null : value,
      reported_by: i % 2 ? ('importer' as const) : ('exporter' as const),
    }));
    const expected = JSON.stringify(rows.map((r) => monthlyObservation(catalogue, r)));
    const page = columns(
      MONTHLY_COLUMNS,
      rows.map((r) => ({ ...r, by_importer: r.reported_by === 'importer' ? 1 : 0 })),
    );
    assert.equal(monthlyObservationsJson(catalogue.labels, page).toString(), expected);
    assert.match(expected, /"hs_version":2012/);
  });

  it('write an empty page as an empty array', () => {
    assert.equal(annualObservationsJson(catalogue.labels, ListedRows.empty(ANNUAL_COLUMNS)).toString(), '[]');
  });
});
