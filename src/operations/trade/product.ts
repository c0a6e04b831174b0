import { tradeBody } from '../../http/schemas.js';
import { TradeInput } from '../../trade/params.js';
import { productDetail } from '../../trade/products.js';
import { defineOperation } from '../operation.js';
import { ProductDetailSchema, ProductParams } from './schemas.js';

export const product = defineOperation({
  url: '/v1/trade/products/:pid',
  operationId: 'getProduct',
  summary: 'The HS6 codes under a product code',
  returns: 'The normalised code and every HS6 code under it.',
  tag: 'trade',
  cost: 1,
  params: ProductParams,
  body: tradeBody(ProductDetailSchema),
  handler: ({ params, stores }) => {
    const catalogue = stores.trade().catalogue;
    const input = new TradeInput(catalogue);
    const code = input.products(params.pid, 'pid', 'path');
    input.resolve();
    return { data: productDetail(catalogue, code.codes![0]!) };
  },
});
