import { Type } from '@sinclair/typebox';
import { tradeBody } from '../../http/schemas.js';
import { orient, type Flow } from '../../trade/filter.js';
import { TradeInput } from '../../trade/params.js';
import { yearSeries } from '../../trade/points.js';
import { defineOperation } from '../operation.js';
import { CountryFlowQuery, CountryParams, GroupedPointSchema } from './schemas.js';

/** `/imports` and `/exports` of a country: its annual flows one way, by year. */
export function countryFlow(url: string, flow: Flow, operationId: string) {
  return defineOperation({
    url,
    operationId,
    summary: `Annual ${flow}s of a country`,
    returns: `One GroupedPoint per year with ${flow}s (period set), ascending.`,
    tag: 'trade',
    cost: 1,
    // A year series of one country or product: read from the yearly aggregates, pruned on it.
    lane: 'light',
    params: CountryParams,
    query: CountryFlowQuery,
    body: tradeBody(
      Type.Array(GroupedPointSchema, { description: `one point per year with ${flow}s (period set), ascending` }),
    ),
    handler: async (request) => {
      const { query, params } = request;
      const store = request.stores.trade(query.hs_version);
      const input = new TradeInput(store.catalogue);
      const country = input.countries(params.cid, 'path');
      const partner = input.countries(query.partner);
      const products = input.products(query.product, 'product');
      const years = input.years(query.from, query.to);
      input.resolve();
      const terms = orient({ reporter: country.value, partner: partner.value }, flow, store.catalogue.selfTrade);
      const filter = { terms, products: products.value, ...years };
      return { data: await yearSeries(store, filter) };
    },
  });
}
