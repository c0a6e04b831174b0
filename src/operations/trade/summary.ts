import { tradeBody } from '../../http/schemas.js';
import { TradeInput, annualFilter } from '../../trade/params.js';
import { tradeSummary } from '../../trade/summary.js';
import { defineOperation } from '../operation.js';
import { SummaryQuery, TradeSummarySchema } from './schemas.js';

export const summary = defineOperation({
  url: '/v1/trade/summary',
  operationId: 'getTradeSummary',
  summary: 'Totals, growth, unit value, top partners and concentration',
  returns: 'Totals, growth, unit value, top partners and partner concentration of the matching annual flows.',
  tag: 'trade',
  cost: 2,
  weight: 'heavy',
  query: SummaryQuery,
  body: tradeBody(TradeSummarySchema),
  handler: async (input) => {
    const { query } = input;
    const store = input.stores.trade(query.hs_version);
    const filter = annualFilter(new TradeInput(store.catalogue), query);
    const rows = await store.aggregate(filter, { groups: ['year', 'partner'] });
    return { data: tradeSummary(store.catalogue, rows) };
  },
});
