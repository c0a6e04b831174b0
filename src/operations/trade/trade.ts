import { Type } from '@sinclair/typebox';
import { tradeBody } from '../../http/schemas.js';
import { TradeInput, annualFilter } from '../../trade/params.js';
import { annualObservation } from '../../trade/points.js';
import { defineOperation } from '../operation.js';
import { TradeObservationSchema, TradeQuery } from './schemas.js';

export const trade = defineOperation({
  url: '/v1/trade',
  summary: 'Annual observations (exporter, importer, product, year)',
  tag: 'trade',
  cost: 2,
  query: TradeQuery,
  body: tradeBody(Type.Array(TradeObservationSchema)),
  handler: async ({ query, stores }) => {
    const store = stores.trade;
    const rows = await store.observations(annualFilter(new TradeInput(store.catalogue), query), query.limit);
    return { data: rows.map((r) => annualObservation(store.catalogue, r)) };
  },
});
