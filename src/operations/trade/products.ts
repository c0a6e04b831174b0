import { Type } from '@sinclair/typebox';
import { tradeBody } from '../../http/schemas.js';
import { searchProducts } from '../../trade/products.js';
import { defineOperation } from '../operation.js';
import { ProductRowSchema, searchQuery } from './schemas.js';

export const products = defineOperation({
  url: '/v1/trade/products',
  operationId: 'searchProducts',
  summary: 'HS6 products by code prefix or name',
  returns: 'HS6 products whose code starts with the digits of q or whose name holds every word of q.',
  tag: 'trade',
  cost: 1,
  query: searchQuery('crude petroleum'),
  body: tradeBody(Type.Array(ProductRowSchema, { description: 'the matching HS6 products' })),
  handler: ({ query, stores }) => ({ data: searchProducts(stores.trade().catalogue, query.q, query.limit) }),
});
