import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inList, leadingKey, orient, rangesSql, termConditions, termDimensions, type Term } from './filter.js';
import { Bindings } from './sql.js';

const CHAPTER_01 = { lo: 10000, hi: 19999 };
const CHAPTER_02 = { lo: 20000, hi: 29999 };
const CODE_010121 = { lo: 10121, hi: 10121 };

describe('orient', () => {
  it('with a flow, makes the reporter the exporter (export) or the importer (import)', () => {
    assert.deepEqual(orient({ reporter: [1], partner: [2] }, 'export', true), [
      { exporters: [1], importers: [2], partnerSide: 'importer' },
    ]);
    assert.deepEqual(orient({ reporter: [1], partner: undefined }, 'import', true), [
      { importers: [1], exporters: undefined, partnerSide: 'exporter' },
    ]);
    assert.deepEqual(orient({ reporter: undefined, partner: [2] }, 'export', false), [
      { exporters: undefined, importers: [2], partnerSide: 'importer' },
    ]);
  });

  it('without a flow, reads both orientations, excluding the first from the second only where rows can overlap', () => {
    const exports = { exporters: [1], importers: [2], partnerSide: 'importer' };
    // Reporter and partner share no country: no row fits both orientations.
    assert.deepEqual(orient({ reporter: [1], partner: [2] }, undefined, true), [
      exports,
      { importers: [1], exporters: [2], partnerSide: 'exporter' },
    ]);
    // Two countries on both sides: a flow between them fits both.
    assert.deepEqual(orient({ reporter: [1, 2], partner: [2, 1] }, undefined, false), [
      { exporters: [1, 2], importers: [2, 1], partnerSide: 'importer' },
      {
        importers: [1, 2],
        exporters: [2, 1],
        exclude: { exporters: [1, 2], importers: [2, 1] },
        partnerSide: 'exporter',
      },
    ]);
  });

  it('with one shared country, excludes only when a country trades with itself somewhere', () => {
    const sides = { reporter: [1, 2], partner: [2, 3] };
    assert.equal(orient(sides, undefined, false)[1]!.exclude, undefined);
    assert.deepEqual(orient(sides, undefined, true)[1]!.exclude, { exporters: [1, 2], importers: [2, 3] });
    const alone = { reporter: [1], partner: undefined };
    assert.equal(orient(alone, undefined, false)[1]!.exclude, undefined);
    assert.deepEqual(orient(alone, undefined, true)[1]!.exclude, { exporters: [1], importers: undefined });
  });

  it('without a reporter, applies the partner to either side; with neither, one term for every row', () => {
    assert.deepEqual(orient({ reporter: undefined, partner: [3] }, undefined, false), [
      { exporters: [3], partnerSide: 'importer' },
      { importers: [3], partnerSide: 'importer' },
    ]);
    assert.deepEqual(orient({ reporter: undefined, partner: [3] }, undefined, true)[1], {
      importers: [3],
      exclude: { exporters: [3] },
      partnerSide: 'importer',
    });
    assert.deepEqual(orient({ reporter: undefined, partner: undefined }, undefined, true), [
      { partnerSide: 'importer' },
    ]);
  });
});

describe('SQL conditions', () => {
  it('binds one id with =, several with IN, each as its own placeholder', () => {
    const b = new Bindings();
    assert.equal(inList('exporter', [5], b), 'exporter = $1');
    assert.equal(inList('importer', [6, 7, 8], b), 'importer IN ($2, $3, $4)');
    assert.deepEqual(b.values, [5, 6, 7, 8]);
  });

  it('writes one code as =, a range as BETWEEN, several in parentheses', () => {
    const b = new Bindings();
    assert.equal(rangesSql('hs6', [CODE_010121], b), 'hs6 = $1');
    assert.equal(rangesSql('hs6', [CODE_010121, CHAPTER_02], b), '(hs6 = $2 OR hs6 BETWEEN $3 AND $4)');
    assert.deepEqual(b.values, [10121, 10121, 20000, 29999]);
  });

  it('refuses a column outside the allow-list and a value that is not a safe integer', () => {
    assert.throws(() => inList('value; DROP TABLE x', [1], new Bindings()), TypeError);
    assert.throws(() => inList('exporter', [1.5], new Bindings()), TypeError);
  });

  it("writes a term's countries, exclusion, products and periods, every value bound", () => {
    const term: Term = {
      exporters: [1],
      importers: [2],
      exclude: { exporters: [1], importers: [2] },
      partnerSide: 'exporter',
    };
    const b = new Bindings();
    const scope = { products: [CHAPTER_01], period: { column: 'year' as const, from: 2020, to: 2022 } };
    assert.deepEqual(termConditions(term, scope, b), [
      'exporter = $1',
      'importer = $2',
      'NOT (exporter = $3 AND importer = $4)',
      'hs6 BETWEEN $5 AND $6',
      'year >= $7',
      'year <= $8',
    ]);
    assert.deepEqual(b.values, [1, 2, 1, 2, 10000, 19999, 2020, 2022]);
  });

  it('always bounds the period from below, from 0 when no start is given', () => {
    const b = new Bindings();
    assert.deepEqual(termConditions({ partnerSide: 'importer' }, { period: { column: 'month' } }, b), ['month >= $1']);
    assert.deepEqual(b.values, [0]);
  });

  it('names the columns a term reads', () => {
    assert.deepEqual([...termDimensions({ exclude: { exporters: [1] }, partnerSide: 'importer' }, {})], ['exporter']);
    assert.deepEqual(
      [...termDimensions({ importers: [1], partnerSide: 'exporter' }, { products: [CHAPTER_01] })],
      ['importer', 'hs6'],
    );
    assert.deepEqual([...termDimensions({ partnerSide: 'importer' }, {})], []);
  });
});

describe('leadingKey', () => {
  const term = (exporters?: number[], importers?: number[]): Term => ({
    exporters,
    importers,
    partnerSide: 'importer',
  });

  it('leads annual listings of named pairs with the pair copy, in order for one pair only', () => {
    assert.deepEqual(leadingKey(term([1], [2]), {}, true), { key: 'pair', single: true });
    assert.deepEqual(leadingKey(term([1, 3], [2]), {}, true), { key: 'pair', single: false });
  });

  it('otherwise leads with the side naming fewer countries (the exporter on a tie)', () => {
    assert.deepEqual(leadingKey(term([1, 2], [3]), {}), { key: 'importer', single: true });
    assert.deepEqual(leadingKey(term([1, 2], [3, 4]), {}), { key: 'exporter', single: false });
    assert.deepEqual(leadingKey(term([1], undefined), {}), { key: 'exporter', single: true });
  });

  it('keeps annual country copies in order only within one HS6 code', () => {
    assert.deepEqual(leadingKey(term([1]), {}, true), { key: 'exporter', single: false });
    assert.deepEqual(leadingKey(term([1]), { products: [CODE_010121] }, true), { key: 'exporter', single: true });
    assert.deepEqual(leadingKey(term([1]), { products: [{ lo: 10100, hi: 10199 }] }, true), {
      key: 'exporter',
      single: false,
    });
  });

  it('leads with products when no country is named: monthly in order within one chapter', () => {
    assert.deepEqual(leadingKey(term(), { products: [CHAPTER_01] }), { key: 'hs6', single: true });
    assert.deepEqual(leadingKey(term(), { products: [CHAPTER_01, CHAPTER_02] }), { key: 'hs6', single: false });
    assert.deepEqual(leadingKey(term(), { products: [CODE_010121, CODE_010121] }, true), { key: 'hs6', single: true });
    assert.deepEqual(leadingKey(term(), { products: [CHAPTER_01] }, true), { key: 'hs6', single: false });
  });

  it('leads with the period when nothing is named', () => {
    assert.deepEqual(leadingKey(term(), {}), { key: 'period', single: true });
    assert.deepEqual(leadingKey(term(), {}, true), { key: 'period', single: true });
  });
});
