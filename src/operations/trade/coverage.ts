import { Type } from '@sinclair/typebox';
import { tradeBody } from '../../http/schemas.js';
import { defineOperation } from '../operation.js';
import { CoverageRowSchema } from './schemas.js';

export const coverage = defineOperation({
  url: '/v1/trade/coverage',
  summary: 'Years and months of data of each reporting country',
  tag: 'trade',
  cost: 1,
  body: tradeBody(Type.Array(CoverageRowSchema)),
  handler: ({ stores }) => ({ data: stores.trade.catalogue.coverage }),
});
