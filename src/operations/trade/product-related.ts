import { Type } from '@sinclair/typebox';
import { invalidParam } from '../../errors.js';
import { tradeBody } from '../../http/schemas.js';
import { proximityRow } from '../../trade/complexity/measures.js';
import { productCode, rankedBy } from '../../trade/complexity/rankings.js';
import { TradeInput } from '../../trade/params.js';
import { defineOperation } from '../operation.js';
import { ComplexityNeighboursQuery, RelatedProductSchema } from './complexity-schemas.js';
import { computedYear } from './complexity-year.js';
import { ProductParams } from './schemas.js';

export const productRelated = defineOperation({
  url: '/v1/trade/products/:pid/related',
  operationId: 'getProductRelated',
  summary: 'Products closest to a product in the product space (proximity)',
  returns:
    'Every other kept product, by proximity descending (ties by product): the share of the countries exporting ' +
    'either with RCA ≥ 1 that export both, the smaller of the two conditionals; [] when the product is not kept.',
  tag: 'trade',
  cost: 2,
  params: ProductParams,
  query: ComplexityNeighboursQuery,
  body: tradeBody(Type.Array(RelatedProductSchema, { description: 'products by proximity descending' })),
  handler: async ({ query, params, stores }) => {
    const digits = params.pid.replace(/^hs:/i, '');
    const wanted = query.level === 'hs4' ? 4 : 6;
    if (digits.length !== wanted)
      throw invalidParam(['path', 'pid'], `must have ${wanted} digits at level ${query.level}`);
    const input = new TradeInput(stores.trade().catalogue);
    input.products(params.pid, 'pid', 'path');
    const computed = await computedYear(stores, input, query);
    if (!computed) return { data: [] };
    const { cx, at } = computed;
    const p = cx.products.indexOf(Number(digits));
    if (p < 0) return { data: [] };
    const proximity = proximityRow(cx, p);
    const others = Array.from({ length: cx.products.length }, (_, q) => q).filter((q) => q !== p);
    return {
      data: rankedBy(proximity, (q) => cx.products[q]!, others)
        .slice(0, query.limit)
        .map((q) => ({ product: productCode(cx.products[q]!, at.level), proximity: proximity[q]!, ...at })),
    };
  },
});
