import { Type } from '@sinclair/typebox';
import { parseDateRange } from '../../economics/dates.js';
import { HISTORY_KEYS } from '../../economics/history.js';
import { seriesSelection } from '../../economics/selection.js';
import { Walk } from '../../http/paging.js';
import { pageBody } from '../../http/schemas.js';
import { defineOperation } from '../operation.js';
import { HistoryPointSchema, HistoryQuery } from './schemas.js';

export const history = defineOperation({
  url: '/v1/history',
  operationId: 'getHistory',
  summary: 'Observations sorted by series_id then date, 1000 a page, with optional transform',
  returns: 'A page of at most 1000 points, sorted by series_id then date; next_cursor is null on the last page.',
  tag: 'economics',
  cost: 2,
  query: HistoryQuery,
  body: pageBody(Type.Array(HistoryPointSchema)),
  // Up to 1000 points whose nullable fields would make the schema serializer validate each one.
  plainSerializer: true,
  handler: async ({ query, stores }) => {
    const economics = stores.economics;
    const walk = Walk.open(query.cursor);
    const select = seriesSelection(economics.catalogue, query);
    const range = parseDateRange(query.from, query.to);
    const { countries, indicators, series } = select();
    const countryIds = countries ? [...countries].sort() : null;
    const kpiIds = indicators ? [...indicators].sort() : null;
    // The resolved selection, so that `country=usa` and `country=USA` share cursors.
    const resolved = [countryIds, kpiIds, range.from ?? null, range.to ?? null, query.transform];
    const listing = { operation: '/v1/history', query: resolved, keys: HISTORY_KEYS };
    // The store cuts history pages itself (HISTORY_PAGE_SIZE), and says where the next one starts.
    const page = await walk.page(listing, async (after) => {
      const { data, next } = await economics.history({
        series,
        countryIds,
        kpiIds,
        ...range,
        transform: query.transform,
        after,
      });
      return { rows: data, next };
    });
    return { data: page.rows, next_cursor: page.next_cursor };
  },
});
