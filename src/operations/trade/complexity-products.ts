import { Type } from '@sinclair/typebox';
import { tradeBody } from '../../http/schemas.js';
import { productCode, rankedBy } from '../../trade/complexity/rankings.js';
import { TradeInput } from '../../trade/params.js';
import { defineOperation } from '../operation.js';
import { ComplexityRankingQuery, ProductComplexitySchema } from './complexity-schemas.js';
import { computedYear } from './complexity-year.js';

export const complexityProducts = defineOperation({
  url: '/v1/trade/complexity/products',
  operationId: 'listProductComplexity',
  summary: 'Products ranked by complexity (PCI) in a year',
  returns:
    'One row per kept product, by pci descending (ties by product): PCI standardised with the mean and ' +
    "deviation of ECI, over one year's exports in one HS edition.",
  tag: 'trade',
  cost: 2,
  query: ComplexityRankingQuery,
  body: tradeBody(Type.Array(ProductComplexitySchema, { description: 'products by pci descending' })),
  handler: async ({ query, stores }) => {
    const computed = await computedYear(stores, new TradeInput(stores.trade().catalogue), query);
    if (!computed) return { data: [] };
    const { cx, at } = computed;
    const order = rankedBy(cx.pci, (p) => cx.products[p]!);
    return {
      data: order.slice(0, query.limit).map((p, i) => ({
        product: productCode(cx.products[p]!, at.level),
        pci: cx.pci[p]!,
        rank: i + 1,
        ubiquity: cx.ubiquity[p]!,
        world_exports_usd: cx.worldExports[p]!,
        ...at,
      })),
    };
  },
});
