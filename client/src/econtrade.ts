import { Client } from './client.js';
import type { QueryOf } from './types.js';

type Q<P extends Parameters<Client['get']>[0]> = QueryOf<P>;

/** Every operation of the API as a method, named after what it returns. */
export class EcontradeClient extends Client {
  // Economics
  countries() {
    return this.get('/v1/countries');
  }
  indicators() {
    return this.get('/v1/indicators');
  }
  latest(query?: Q<'/v1/latest'>) {
    return this.get('/v1/latest', query);
  }
  /** One page of observations; see `historyRows` for every one. */
  history(query: Q<'/v1/history'>) {
    return this.get('/v1/history', query);
  }
  historyRows(query: Omit<Q<'/v1/history'>, 'cursor'>) {
    return this.rows('/v1/history', query);
  }
  search(query: Q<'/v1/search'>) {
    return this.get('/v1/search', query);
  }
  updates(query: Q<'/v1/updates'>) {
    return this.get('/v1/updates', query);
  }
  /** The days the data of each series changed; ask `history` or `latest` with `as_of` one of them. */
  vintages(query?: Q<'/v1/vintages'>) {
    return this.get('/v1/vintages', query);
  }

  // Trade
  /** One page of annual observations; see `tradeRows` for every one. */
  trade(query?: Q<'/v1/trade'>) {
    return this.get('/v1/trade', query);
  }
  tradeRows(query?: Omit<Q<'/v1/trade'>, 'cursor'>) {
    return this.rows('/v1/trade', query);
  }
  tradeSummary(query?: Q<'/v1/trade/summary'>) {
    return this.get('/v1/trade/summary', query);
  }
  /** One page of monthly flows (or grouped months); see `monthlyRows` for every flow. */
  monthly(query?: Q<'/v1/trade/monthly'>) {
    return this.get('/v1/trade/monthly', query);
  }
  monthlyRows(query?: Omit<Q<'/v1/trade/monthly'>, 'cursor' | 'group_by'>) {
    return this.rows('/v1/trade/monthly', query);
  }
  coverage(query?: Q<'/v1/trade/coverage'>) {
    return this.get('/v1/trade/coverage', query);
  }
  products(query: Q<'/v1/trade/products'>) {
    return this.get('/v1/trade/products', query);
  }
  product(pid: string, query?: Q<'/v1/trade/products/{pid}'>) {
    return this.get('/v1/trade/products/{pid}', query, { path: { pid } });
  }
  productHistory(pid: string, query?: Q<'/v1/trade/products/{pid}/history'>) {
    return this.get('/v1/trade/products/{pid}/history', query, { path: { pid } });
  }
  productMarkets(pid: string, query?: Q<'/v1/trade/products/{pid}/markets'>) {
    return this.get('/v1/trade/products/{pid}/markets', query, { path: { pid } });
  }
  tradeCountries(query?: Q<'/v1/trade/countries'>) {
    return this.get('/v1/trade/countries', query);
  }
  tradeCountry(cid: string, query?: Q<'/v1/trade/countries/{cid}'>) {
    return this.get('/v1/trade/countries/{cid}', query, { path: { cid } });
  }
  countryImports(cid: string, query?: Q<'/v1/trade/countries/{cid}/imports'>) {
    return this.get('/v1/trade/countries/{cid}/imports', query, { path: { cid } });
  }
  countryExports(cid: string, query?: Q<'/v1/trade/countries/{cid}/exports'>) {
    return this.get('/v1/trade/countries/{cid}/exports', query, { path: { cid } });
  }
  countryPartners(cid: string, query?: Q<'/v1/trade/countries/{cid}/partners'>) {
    return this.get('/v1/trade/countries/{cid}/partners', query, { path: { cid } });
  }
  countryProducts(cid: string, query?: Q<'/v1/trade/countries/{cid}/products'>) {
    return this.get('/v1/trade/countries/{cid}/products', query, { path: { cid } });
  }
  /** The codes of another HS edition that the codes under a product correspond to (UNSD correlations). */
  productConcordance(pid: string, query: Q<'/v1/trade/products/{pid}/concordance'>) {
    return this.get('/v1/trade/products/{pid}/concordance', query, { path: { pid } });
  }
  /**
   * Every annual observation of the `/v1/trade` filters as one file (Parquet by
   * default, CSV with `format: 'csv'`), as a stream of bytes; priced by its rows.
   */
  bulk(query?: Q<'/v1/trade/bulk'>) {
    return this.download('/v1/trade/bulk', query);
  }
  /** Products by revealed comparative advantage (Balassa's index) of the country's exports in a year. */
  countryAdvantage(cid: string, query?: Q<'/v1/trade/countries/{cid}/advantage'>) {
    return this.get('/v1/trade/countries/{cid}/advantage', query, { path: { cid } });
  }
  /** Countries ranked by economic complexity (ECI, with COI) in a year. */
  countryComplexity(query?: Q<'/v1/trade/complexity/countries'>) {
    return this.get('/v1/trade/complexity/countries', query);
  }
  /** Products ranked by complexity (PCI) in a year. */
  productComplexity(query?: Q<'/v1/trade/complexity/products'>) {
    return this.get('/v1/trade/complexity/products', query);
  }
  /** Products a country does not export with RCA ≥ 1, by complexity outlook gain (with density). */
  countryOpportunities(cid: string, query?: Q<'/v1/trade/countries/{cid}/opportunities'>) {
    return this.get('/v1/trade/countries/{cid}/opportunities', query, { path: { cid } });
  }
  /** The products closest to a product in the product space, by proximity. */
  relatedProducts(pid: string, query?: Q<'/v1/trade/products/{pid}/related'>) {
    return this.get('/v1/trade/products/{pid}/related', query, { path: { pid } });
  }
}
