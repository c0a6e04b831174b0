import { Type } from '@sinclair/typebox';
import { economicsBody } from '../../http/schemas.js';
import { defineOperation } from '../operation.js';
import { IndicatorSchema } from './schemas.js';

export const indicators = defineOperation({
  url: '/v1/indicators',
  operationId: 'listIndicators',
  summary: 'Every indicator with data, sorted by kpi_id',
  returns: 'Every indicator with at least one series, sorted by kpi_id.',
  tag: 'economics',
  cost: 1,
  body: economicsBody(Type.Array(IndicatorSchema, { description: 'every indicator with a series, by kpi_id' })),
  handler: ({ stores }) => ({ data: stores.economics.catalogue.listedIndicators }),
});
