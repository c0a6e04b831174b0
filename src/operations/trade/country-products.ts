import { Type } from '@sinclair/typebox';
import { tradeBody } from '../../http/schemas.js';
import { defineOperation } from '../operation.js';
import { rankCountryTrade } from './country-ranking.js';
import { CountryParams, CountryProductsQuery, GroupedPointSchema } from './schemas.js';

export const countryProducts = defineOperation({
  url: '/v1/trade/countries/:cid/products',
  operationId: 'getCountryProducts',
  summary: 'Products of a country ranked by trade value',
  returns: 'One GroupedPoint per HS6 product (hs6 set), by value descending.',
  example: {
    data: [
      {
        period: null,
        partner: null,
        exporter: null,
        importer: null,
        hs6: '870323',
        value_usd: 233925622333,
        quantity: 14586699355,
        flow_count: 83,
      },
    ],
  },
  tag: 'trade',
  cost: 1,
  weight: 'heavy',
  params: CountryParams,
  query: CountryProductsQuery,
  body: tradeBody(
    Type.Array(GroupedPointSchema, { description: 'one point per product (hs6 set), by value_usd descending' }),
  ),
  handler: async (request) => ({
    data: await rankCountryTrade(request.stores.trade(request.query.hs_version), {
      key: 'hs6',
      cid: request.params.cid,
      query: request.query,
    }),
  }),
});
