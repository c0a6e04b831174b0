import { Type } from '@sinclair/typebox';
import { tradeBody } from '../../http/schemas.js';
import { defineOperation } from '../operation.js';
import { rankCountryTrade } from './country-ranking.js';
import { CountryParams, CountryProductsQuery, GroupedPointSchema } from './schemas.js';

export const countryProducts = defineOperation({
  url: '/v1/trade/countries/:cid/products',
  summary: 'Products of a country ranked by trade value',
  tag: 'trade',
  cost: 1,
  params: CountryParams,
  query: CountryProductsQuery,
  body: tradeBody(Type.Array(GroupedPointSchema)),
  handler: async ({ query, params, stores }) => ({
    data: await rankCountryTrade(stores.trade, { key: 'hs6', cid: params.cid, query }),
  }),
});
