import { Type } from '@sinclair/typebox';
import { tradeBody } from '../../http/schemas.js';
import { defineOperation } from '../operation.js';
import { rankCountryTrade } from './country-ranking.js';
import { CountryParams, GroupedPointSchema, PartnersQuery } from './schemas.js';

export const countryPartners = defineOperation({
  url: '/v1/trade/countries/:cid/partners',
  operationId: 'getCountryPartners',
  summary: 'Partners of a country ranked by trade value',
  returns: 'One GroupedPoint per partner (partner set), by value descending.',
  example: {
    data: [
      {
        period: null,
        partner: 'FR',
        exporter: null,
        importer: null,
        hs6: null,
        value_usd: 275839263263,
        quantity: 14586699355,
        flow_count: 282,
      },
    ],
  },
  tag: 'trade',
  cost: 1,
  weight: 'heavy',
  params: CountryParams,
  query: PartnersQuery,
  body: tradeBody(
    Type.Array(GroupedPointSchema, { description: 'one point per partner (partner set), by value_usd descending' }),
  ),
  handler: async (request) => ({
    data: await rankCountryTrade(request.stores.trade(request.query.hs_version), {
      key: 'partner',
      cid: request.params.cid,
      query: request.query,
    }),
  }),
});
