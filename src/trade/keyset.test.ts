import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TradeCatalogue, type TradeCountry } from './catalogue.js';
import {
  LISTING_KEYS,
  afterBound,
  filterIdentity,
  listingBound,
  positionKey,
  readPosition,
  rowPosition,
  type ListingPosition,
} from './keyset.js';
import { Bindings } from './sql.js';

const country = (id: number, iso2: string): TradeCountry => ({
  id,
  iso2,
  iso3: null,
  name: iso2,
  region: null,
  is_reporter: true,
});

/** Four countries, ids in ISO2 order as a snapshot numbers them. */
const catalogue = new TradeCatalogue({
  countries: [country(1, 'CN'), country(2, 'DE'), country(3, 'FR'), country(4, 'US')],
  products: [],
  coverage: [],
});

const position: ListingPosition = { period: 2023, value: 1234.5, exporter: 'DE', importer: 'FR', hs6: 10121 };

describe('listing positions in cursors', () => {
  it('writes a position as [period, value, exporter, importer, hs6] and reads it back', () => {
    assert.deepEqual(positionKey(position), [2023, 1234.5, 'DE', 'FR', 10121]);
    assert.deepEqual(readPosition([2023, 1234.5, 'DE', 'FR', 10121]), position);
    assert.deepEqual(LISTING_KEYS.read(LISTING_KEYS.write(position) as unknown[]), position);
  });

  it('reads the extremes of each field', () => {
    assert.deepEqual(readPosition([32767, -5, 'AA', 'ZZ', 999999]), {
      period: 32767,
      value: -5,
      exporter: 'AA',
      importer: 'ZZ',
      hs6: 999999,
    });
    assert.ok(readPosition([0, Number.MAX_SAFE_INTEGER, 'DE', 'FR', 0]));
  });

  it('refuses keys of another shape', () => {
    const bad: unknown[][] = [
      [2023, 1234.5, 'DE', 'FR'],
      [2023, 1234.5, 'DE', 'FR', 10121, 0],
      [32768, 1, 'DE', 'FR', 1],
      [-1, 1, 'DE', 'FR', 1],
      [2023.5, 1, 'DE', 'FR', 1],
      ['2023', 1, 'DE', 'FR', 1],
      [2023, Infinity, 'DE', 'FR', 1],
      [2023, NaN, 'DE', 'FR', 1],
      [2023, 2 ** 53, 'DE', 'FR', 1],
      [2023, '1', 'DE', 'FR', 1],
      [2023, 1, 'de', 'FR', 1],
      [2023, 1, 'DE', 'FRA', 1],
      [2023, 1, 'DE', 7, 1],
      [2023, 1, 'DE', 'FR', 1000000],
      [2023, 1, 'DE', 'FR', 1.5],
    ];
    for (const key of bad) assert.equal(readPosition(key), undefined, JSON.stringify(key));
  });

  it("takes a row's countries as ISO2 codes, not ids", () => {
    assert.deepEqual(rowPosition(catalogue, { exporter: 2, importer: 4, hs6: 10121, value: 5.5 }, 2023), {
      period: 2023,
      value: 5.5,
      exporter: 'DE',
      importer: 'US',
      hs6: 10121,
    });
  });
});

describe('listingBound', () => {
  it('places a known country at its id, an unknown one after the last id sorting before it', () => {
    const bound = listingBound(catalogue, { ...position, exporter: 'DE', importer: 'DK' });
    assert.deepEqual(bound.exporter, { id: 2, exact: true });
    assert.deepEqual(bound.importer, { id: 2, exact: false });
    assert.deepEqual(listingBound(catalogue, { ...position, exporter: 'AA' }).exporter, { id: 0, exact: false });
    assert.deepEqual(listingBound(catalogue, { ...position, importer: 'ZZ' }).importer, { id: 4, exact: false });
    assert.equal(bound.period, 2023);
    assert.equal(bound.value, 1234.5);
    assert.equal(bound.hs6, 10121);
  });
});

describe('afterBound', () => {
  it('keeps rows of a smaller value, or of the same value and a later exporter, importer, hs6', () => {
    const b = new Bindings();
    const bound = listingBound(catalogue, position);
    assert.deepEqual(afterBound(bound, 'value', b), [
      'value <= $1::DOUBLE',
      '(value < $1::DOUBLE OR (value = $1::DOUBLE AND ' +
        '(exporter > $2 OR (exporter = $2 AND (importer > $3 OR (importer = $3 AND hs6 > $4))))))',
    ]);
    assert.deepEqual(b.values, [1234.5, 2, 3, 10121]);
  });

  it('stops at a country the snapshot does not know: no row of it exists', () => {
    const b = new Bindings();
    const conditions = afterBound(listingBound(catalogue, { ...position, importer: 'DK' }), 'v', b);
    assert.equal(
      conditions[1],
      '(v < $1::DOUBLE OR (v = $1::DOUBLE AND (exporter > $2 OR (exporter = $2 AND importer > $3))))',
    );
    assert.deepEqual(b.values, [1234.5, 2, 2]);
    const first = new Bindings();
    const unknownExporter = afterBound(listingBound(catalogue, { ...position, exporter: 'EE' }), 'v', first);
    assert.equal(unknownExporter[1], '(v < $1::DOUBLE OR (v = $1::DOUBLE AND exporter > $2))');
    assert.deepEqual(first.values, [1234.5, 2]);
  });
});

describe('filterIdentity', () => {
  it('names countries by ISO2 and sorts product ranges, leaving the filter as it was', () => {
    const products = [
      { lo: 20000, hi: 29999 },
      { lo: 10121, hi: 10121 },
    ];
    const filter = { terms: [{ exporters: [2, 1], partnerSide: 'importer' }], products, from: 2020 };
    assert.equal(
      filterIdentity(catalogue, filter),
      '{"terms":[{"exporters":["DE","CN"],"partnerSide":"importer"}],' +
        '"products":[{"lo":10121,"hi":10121},{"lo":20000,"hi":29999}],"from":2020}',
    );
    assert.deepEqual(products[0], { lo: 20000, hi: 29999 });
  });

  it('is the same for two snapshots that number the same countries differently', () => {
    const renumbered = new TradeCatalogue({
      countries: [country(1, 'AT'), country(2, 'CN'), country(3, 'DE'), country(4, 'FR'), country(5, 'US')],
      products: [],
      coverage: [],
    });
    assert.equal(
      filterIdentity(catalogue, { terms: [{ importers: [2, 3] }] }),
      filterIdentity(renumbered, { terms: [{ importers: [3, 4] }] }),
    );
  });
});
