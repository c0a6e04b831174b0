import { Type } from '@sinclair/typebox';
import { tradeBody } from '../../http/schemas.js';
import { TradeInput, annualFilter } from '../../trade/params.js';
import { yearSeries } from '../../trade/points.js';
import { defineOperation } from '../operation.js';
import { GroupedPointSchema, ProductHistoryQuery, ProductParams } from './schemas.js';

export const productHistory = defineOperation({
  url: '/v1/trade/products/:pid/history',
  operationId: 'getProductHistory',
  summary: 'Annual trade of a product',
  returns: 'One GroupedPoint per year with data (period set), ascending.',
  tag: 'trade',
  cost: 1,
  // A year series of one country or product: read from the yearly aggregates, pruned on it.
  lane: 'light',
  params: ProductParams,
  query: ProductHistoryQuery,
  body: tradeBody(Type.Array(GroupedPointSchema, { description: 'one point per year (period set), ascending' })),
  handler: async (request) => {
    const { query, params } = request;
    const store = request.stores.trade(query.hs_version);
    const input = new TradeInput(store.catalogue);
    const filter = annualFilter(input, query, input.products(params.pid, 'pid', 'path'));
    return { data: await yearSeries(store, filter) };
  },
});
