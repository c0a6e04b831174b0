import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TradeCatalogue } from './catalogue.js';
import type { AggregateRow, GroupKey } from './annual-sums.js';
import { groupedPointsJson } from './grouped-points-json.js';
import { annualPoints } from './points.js';

const catalogue = new TradeCatalogue({
  countries: [
    { id: 1, iso2: 'DE', iso3: 'DEU', name: 'Germany', region: null, is_reporter: true },
    { id: 2, iso2: 'FR', iso3: 'FRA', name: 'France', region: null, is_reporter: true },
  ],
  products: [],
  coverage: [],
  editions: [],
});

// Sums of every kind: integers, fractions, very large and very small, counts summed as doubles.
const values = [0, 1, 275839263263, 0.30000000000000004, 123.456, 1.5e-7, 1e21, 2 ** 53 + 2, -4.2, 9.99e-5];

const rows: AggregateRow[] = values.map((value, i) => ({
  year: 2015 + i,
  exporter: 1 + (i % 3),
  importer: 2 - (i % 2),
  partner: [1, 2, 77][i % 3]!,
  hs6: [10121, 999999, 1][i % 3]!,
  value,
  qty: i % 4 === 0 ? null : values[(i + 3) % values.length]!,
  value_q: null,
  n: i % 2 ? 3 : 2.0000000001,
}));

const around = { before: Buffer.from('{"data":'), after: Buffer.from(',"next":null}') };

describe('grouped points as JSON bytes', () => {
  for (const key of ['year', 'exporter', 'importer', 'partner', 'hs6'] as GroupKey[]) {
    it(`write sums grouped by ${key} as JSON.stringify writes their points`, () => {
      const expected = `{"data":${JSON.stringify(annualPoints(catalogue, key, rows))},"next":null}`;
      assert.equal(groupedPointsJson(catalogue, { key, rows }, around).toString(), expected);
    });
  }

  it('write a country the catalogue lacks as its point is written', () => {
    const written = groupedPointsJson(catalogue, { key: 'partner', rows }, around).toString();
    assert.match(written, /"partner":"\?\?"/);
  });

  it('return bytes of their own, whole after the next answer is written', () => {
    const first = groupedPointsJson(catalogue, { key: 'hs6', rows }, around);
    const text = first.toString();
    groupedPointsJson(catalogue, { key: 'partner', rows: rows.slice(0, 3) }, around);
    assert.equal(first.toString(), text);
  });

  it('write no sums as an empty array', () => {
    assert.equal(groupedPointsJson(catalogue, { key: 'hs6', rows: [] }, around).toString(), '{"data":[],"next":null}');
  });
});
