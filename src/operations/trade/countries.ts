import { Type } from '@sinclair/typebox';
import { tradeBody } from '../../http/schemas.js';
import { searchCountries } from '../../trade/countries.js';
import { defineOperation } from '../operation.js';
import { CountryRowSchema, SearchQuery } from './schemas.js';

export const countries = defineOperation({
  url: '/v1/trade/countries',
  summary: 'Countries by name, ISO2 or ISO3',
  tag: 'trade',
  cost: 1,
  query: SearchQuery,
  body: tradeBody(Type.Array(CountryRowSchema)),
  handler: ({ query, stores }) => ({ data: searchCountries(stores.trade.catalogue, query.q, query.limit) }),
});
