import { Type } from '@sinclair/typebox';
import { latestValues } from '../../economics/latest.js';
import { economicsBody } from '../../http/schemas.js';
import { defineOperation } from '../operation.js';
import { LatestQuery, LatestValueSchema } from './schemas.js';

export const latest = defineOperation({
  url: '/v1/latest',
  operationId: 'getLatest',
  summary: 'Latest value of each matching series, sorted by country_id then kpi_id',
  returns: 'One row per matching series (country and indicator), sorted by country_id then kpi_id.',
  tag: 'economics',
  cost: 1,
  query: LatestQuery,
  body: economicsBody(Type.Array(LatestValueSchema)),
  handler: ({ query, stores }) => ({ data: latestValues(stores.economics.catalogue, query) }),
});
