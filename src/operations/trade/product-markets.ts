import { tradeBody } from '../../http/schemas.js';
import type { TradeFilter } from '../../trade/filter.js';
import { TradeInput } from '../../trade/params.js';
import { annualPoints } from '../../trade/points.js';
import { defineOperation } from '../operation.js';
import { MarketsQuery, MarketsSchema, ProductParams } from './schemas.js';

export const productMarkets = defineOperation({
  url: '/v1/trade/products/:pid/markets',
  operationId: 'getProductMarkets',
  summary: 'Largest exporters and importers of a product',
  returns: 'The largest exporters and importers of the product, largest first.',
  tag: 'trade',
  cost: 2,
  weight: 'heavy',
  params: ProductParams,
  query: MarketsQuery,
  body: tradeBody(MarketsSchema),
  handler: async (request) => {
    const { query, params } = request;
    const store = request.stores.trade(query.hs_version);
    const input = new TradeInput(store.catalogue);
    const product = input.products(params.pid, 'pid', 'path');
    const years = input.years(query.from, query.to);
    input.resolve();
    const filter: TradeFilter = { terms: [{ partnerSide: 'importer' }], products: product.value, ...years };
    const [exporters, importers] = await Promise.all([
      store.aggregate(filter, { groups: ['exporter'], orderBy: 'value', limit: query.limit }),
      store.aggregate(filter, { groups: ['importer'], orderBy: 'value', limit: query.limit }),
    ]);
    return {
      data: {
        top_exporters: annualPoints(store.catalogue, 'exporter', exporters),
        top_importers: annualPoints(store.catalogue, 'importer', importers),
      },
    };
  },
});
