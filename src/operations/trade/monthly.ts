import { Type } from '@sinclair/typebox';
import { tradeBody } from '../../http/schemas.js';
import { TradeInput } from '../../trade/params.js';
import { monthlyObservation, monthlyPoints } from '../../trade/points.js';
import { defineOperation } from '../operation.js';
import { GroupedPointSchema, MonthlyObservationSchema, MonthlyQuery } from './schemas.js';

export const monthly = defineOperation({
  url: '/v1/trade/monthly',
  summary: 'Monthly flows by exporter, importer and product, by declaring side',
  tag: 'trade',
  cost: 3,
  query: MonthlyQuery,
  body: tradeBody(Type.Union([Type.Array(MonthlyObservationSchema), Type.Array(GroupedPointSchema)])),
  plainSerializer: true,
  handler: async ({ query, stores }) => {
    const store = stores.trade;
    const input = new TradeInput(store.catalogue);
    const exporters = input.countries(query.exporter);
    const importers = input.countries(query.importer);
    const products = input.products(query.product, 'product');
    const months = input.months(query.from, query.to);
    input.resolve();
    const filter = {
      exporters: exporters.value,
      importers: importers.value,
      products: products.value,
      ...months,
      method: query.method,
    };
    if (query.group_by) {
      const groupBy = query.group_by === 'period' ? 'month' : query.group_by;
      const rows = await store.monthlyGroups(filter, { groupBy, limit: query.limit });
      return { data: monthlyPoints(store.catalogue, groupBy, rows) };
    }
    const rows = await store.monthlyObservations(filter, query.limit);
    return { data: rows.map((r) => monthlyObservation(store.catalogue, r)) };
  },
});
