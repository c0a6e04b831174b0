import { Type } from '@sinclair/typebox';
import { searchIndexOf } from '../../economics/search.js';
import { economicsBody } from '../../http/schemas.js';
import { defineOperation } from '../operation.js';
import { SearchQuery, SearchResultSchema } from './schemas.js';

export const search = defineOperation({
  url: '/v1/search',
  operationId: 'search',
  summary: 'Countries, indicators and series matching free text, best first',
  returns: 'Countries, indicators and series matching q, best match first.',
  tag: 'economics',
  cost: 1,
  query: SearchQuery,
  body: economicsBody(Type.Array(SearchResultSchema, { description: 'the matches, best first' })),
  handler: ({ query, stores }) => ({
    data: searchIndexOf(stores.economics.catalogue).search(query.q.trim(), query.limit),
  }),
});
