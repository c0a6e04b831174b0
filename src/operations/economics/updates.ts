import { Type } from '@sinclair/typebox';
import { updatedSeries } from '../../economics/updates.js';
import { economicsBody } from '../../http/schemas.js';
import { defineOperation } from '../operation.js';
import { UpdateItemSchema, UpdatesQuery } from './schemas.js';

export const updates = defineOperation({
  url: '/v1/updates',
  operationId: 'listUpdates',
  summary: 'Series whose data changed after `since`, sorted by last_update then series_id',
  returns: 'The series whose last_update is after since, sorted by last_update then series_id.',
  tag: 'economics',
  cost: 1,
  query: UpdatesQuery,
  body: economicsBody(
    Type.Array(UpdateItemSchema, { description: 'the series updated after since, by last_update then series_id' }),
  ),
  handler: ({ query, stores }) => ({ data: updatedSeries(stores.economics.catalogue, query) }),
});
