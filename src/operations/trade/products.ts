import { Type } from '@sinclair/typebox';
import { tradeBody } from '../../http/schemas.js';
import { searchProducts } from '../../trade/products.js';
import { defineOperation } from '../operation.js';
import { ProductRowSchema, SearchQuery } from './schemas.js';

export const products = defineOperation({
  url: '/v1/trade/products',
  summary: 'HS6 products by code prefix or name',
  tag: 'trade',
  cost: 1,
  query: SearchQuery,
  body: tradeBody(Type.Array(ProductRowSchema)),
  handler: ({ query, stores }) => ({ data: searchProducts(stores.trade.catalogue, query.q, query.limit) }),
});
