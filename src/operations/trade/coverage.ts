import { Type } from '@sinclair/typebox';
import { tradeBody } from '../../http/schemas.js';
import { defineOperation } from '../operation.js';
import { CoverageRowSchema } from './schemas.js';

export const coverage = defineOperation({
  url: '/v1/trade/coverage',
  operationId: 'getTradeCoverage',
  summary: 'Years and months of data of each reporting country',
  returns: 'One row per reporting country: its first and last years and months of data, and their sources.',
  tag: 'trade',
  cost: 1,
  body: tradeBody(Type.Array(CoverageRowSchema, { description: 'one row per reporting country, by country' })),
  handler: ({ stores }) => ({ data: stores.trade().catalogue.coverage }),
});
