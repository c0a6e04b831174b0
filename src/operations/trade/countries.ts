import { Type } from '@sinclair/typebox';
import { tradeBody } from '../../http/schemas.js';
import { searchCountries } from '../../trade/countries.js';
import { defineOperation } from '../operation.js';
import { CountryRowSchema, searchQuery } from './schemas.js';

export const countries = defineOperation({
  url: '/v1/trade/countries',
  operationId: 'searchTradeCountries',
  summary: 'Countries by name, ISO2 or ISO3',
  returns: 'Countries matching q: exact ISO codes first, then name prefix, then substring.',
  tag: 'trade',
  cost: 1,
  query: searchQuery('germany'),
  body: tradeBody(
    Type.Array(CountryRowSchema, {
      description: 'the matches: exact codes first, then name prefixes, then other names',
    }),
  ),
  handler: ({ query, stores }) => ({ data: searchCountries(stores.trade().catalogue, query.q, query.limit) }),
});
