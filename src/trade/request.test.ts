import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApiError } from '../errors.js';
import type { Database } from '../store/duckdb.js';
import { TradeCatalogue } from './catalogue.js';
import { TradeEditions } from './editions.js';
import { ComplexityCache } from './complexity/cache.js';
import type { TradeFilter } from './filter.js';
import type { MonthlyFilter } from './monthly-filter.js';
import { EXCLUDED_FLOWS_HEADER, TradeRequest } from './request.js';

const catalogue = new TradeCatalogue({ countries: [], products: [], coverage: [] });
/** Conversion tables of HS 1992 and 2022 loaded, no edition file: no flow is left out, none is read here. */
const source = {
  db: {} as Database,
  catalogue,
  editions: new TradeEditions([1992, 2022], new Map(), false),
  complexity: new ComplexityCache(2 ** 20, () => Promise.resolve(null)),
  view: (db: Database) => db,
};
const tradeIn = (hsVersion: number | undefined, headers: Record<string, string> = {}) =>
  new TradeRequest(source, hsVersion, headers);

const annual: TradeFilter = { terms: [{ partnerSide: 'importer' }], from: 2022, to: 2022 };
const monthly: MonthlyFilter = { from: 202201, to: 202212, method: 'exporter' };

describe('TradeRequest', () => {
  it('binds a listing identity to its edition: the same filter in another edition is another query', () => {
    for (const filter of [annual, monthly]) {
      const identities = [undefined, 1992, 2022].map((v) => JSON.stringify(tradeIn(v).identity(filter)));
      assert.equal(new Set(identities).size, 3);
      assert.deepEqual(tradeIn(1992).identity(filter), tradeIn(1992).identity({ ...filter }));
    }
    assert.deepEqual(tradeIn(undefined).identity(annual)[1], null);
    assert.deepEqual(tradeIn(1992).identity(annual)[1], 1992);
  });

  it('refuses an edition without a loaded conversion table with 422', () => {
    assert.throws(
      () => tradeIn(2017),
      (err: unknown) => err instanceof ApiError && err.status === 422,
    );
  });

  it('puts the count of the flows left out in the headers before a filter is read (0 as reported)', async () => {
    for (const v of [undefined, 1992]) {
      const headers: Record<string, string> = {};
      // The read itself fails on the stub database: the count was put before it.
      await assert.rejects(tradeIn(v, headers).aggregate(annual, { groups: ['year'] }));
      assert.deepEqual(headers, { [EXCLUDED_FLOWS_HEADER]: '0' });
    }
  });
});
