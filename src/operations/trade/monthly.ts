import { Type } from '@sinclair/typebox';
import { invalidParam } from '../../errors.js';
import { Walk, bySize } from '../../http/paging.js';
import { NextCursor, tradeBody } from '../../http/schemas.js';
import { LISTING_KEYS, rowPosition } from '../../trade/keyset.js';
import { TradeInput } from '../../trade/params.js';
import { monthlyObservation, monthlyPoints } from '../../trade/points.js';
import { defineOperation } from '../operation.js';
import { MonthlyGroupedPointSchema, MonthlyObservationSchema, MonthlyQuery } from './schemas.js';
import { SerialisedData } from '../../http/serialised-data.js';
import { observationsJson } from '../../trade/observation-json-thread.js';
import { monthlyRow } from '../../trade/monthly-listing.js';

export const monthly = defineOperation({
  url: '/v1/trade/monthly',
  operationId: 'listTradeMonthly',
  summary: 'Monthly flows by exporter, importer and product, by declaring side, a page at a time unless grouped',
  returns:
    'Without group_by, a page of monthly observations (next_cursor null on the last page); ' +
    'with group_by, one sum per group.',
  tag: 'trade',
  cost: 3,
  weight: 'heavy',
  query: MonthlyQuery,
  body: tradeBody(
    Type.Union([Type.Array(MonthlyObservationSchema), Type.Array(MonthlyGroupedPointSchema)], {
      description: 'without group_by, the observations of this page; with group_by, one sum per group',
    }),
    {
      next_cursor: Type.Optional(
        NextCursor('pass as `cursor` for the next page; null on the last page; absent with group_by (not paged)'),
      ),
    },
  ),
  plainSerializer: true,
  handler: async (request) => {
    const { query } = request;
    const store = request.stores.trade(query.hs_version);
    const { catalogue } = store;
    // Grouped answers are short rankings or one row per month: they are not paged.
    if (query.group_by && query.cursor !== undefined)
      throw invalidParam(['query', 'cursor'], 'is not accepted with group_by: grouped answers are not paged');
    const walk = Walk.open(query.cursor);
    const filter = walk.resolve(() => {
      const input = new TradeInput(catalogue);
      const exporters = input.countries(query.exporter);
      const importers = input.countries(query.importer);
      const products = input.products(query.product, 'product');
      const months = input.months(query.from, query.to);
      input.resolve();
      return {
        exporters: exporters.value,
        importers: importers.value,
        products: products.value,
        ...months,
        method: query.method,
      };
    });
    if (query.group_by) {
      const groupBy = query.group_by === 'period' ? 'month' : query.group_by;
      const rows = await store.monthlyGroups(filter, { groupBy, limit: query.limit });
      return { data: monthlyPoints(catalogue, groupBy, rows) };
    }
    // The resolved filter and the edition: `cursor` and `limit` are not part of it, so the page size may change.
    const listing = { operation: '/v1/trade/monthly', query: store.identity(filter), keys: LISTING_KEYS };
    const page = await walk.page(
      listing,
      bySize(
        query.limit,
        (limit, after) => store.monthlyObservations(filter, { limit, after }),
        (rows, i) => {
          const row = monthlyRow(rows, i);
          return rowPosition(catalogue, row, row.month);
        },
      ),
    );
    const { rows } = page;
    const data = new SerialisedData(
      (around) => observationsJson({ kind: 'monthly', rows }, catalogue.labels, around),
      () => Array.from({ length: rows.length }, (_, i) => monthlyObservation(catalogue, monthlyRow(rows, i))),
    );
    return { data, next_cursor: page.next_cursor };
  },
});
