import { Type } from '@sinclair/typebox';
import { parseDateRange } from '../../economics/dates.js';
import { HISTORY_KEYS } from '../../economics/history.js';
import { isLowerFrequency, type TargetFrequency } from '../../economics/aggregation.js';
import type { Series } from '../../economics/catalogue.js';
import { seriesSelection } from '../../economics/selection.js';
import { invalidParam } from '../../errors.js';
import { Walk } from '../../http/paging.js';
import { pageBody } from '../../http/schemas.js';
import { defineOperation } from '../operation.js';
import { HistoryPointSchema, HistoryQuery } from './schemas.js';

/** 422 unless every matching series has a higher frequency than the one asked for (§3). */
function checkLowerFrequency(series: Series[], frequency: TargetFrequency): void {
  const s = series.find((x) => !isLowerFrequency(frequency, x.frequency));
  if (s)
    throw invalidParam(
      ['query', 'frequency'],
      `must be lower than the frequency of every matching series: ${s.series_id} is ${s.frequency}`,
    );
}

export const history = defineOperation({
  url: '/v1/history',
  operationId: 'getHistory',
  summary: 'Observations sorted by series_id then date, 1000 a page, optionally aggregated and transformed',
  returns: 'A page of at most 1000 points, sorted by series_id then date; next_cursor is null on the last page.',
  tag: 'economics',
  cost: 2,
  query: HistoryQuery,
  body: pageBody(Type.Array(HistoryPointSchema, { description: 'the points of this page, by series_id then date' })),
  // Up to 1000 points whose nullable fields would make the schema serializer validate each one.
  plainSerializer: true,
  handler: async ({ query, stores }) => {
    const economics = stores.economics;
    const walk = Walk.open(query.cursor);
    const select = seriesSelection(economics.catalogue, query);
    const range = parseDateRange(query.from, query.to);
    if (query.aggregation !== undefined && query.frequency === undefined)
      throw invalidParam(['query', 'aggregation'], 'needs frequency (monthly, quarterly or annual)');
    const { countries, indicators, series } = walk.resolve(select);
    if (query.frequency) checkLowerFrequency(series, query.frequency);
    const countryIds = countries ? [...countries].sort() : null;
    const kpiIds = indicators ? [...indicators].sort() : null;
    const periods = query.frequency ? [query.frequency, query.aggregation ?? 'avg'] : [];
    // The resolved selection, so that `country=usa` and `country=USA` share cursors.
    const resolved = [countryIds, kpiIds, range.from ?? null, range.to ?? null, query.transform, ...periods];
    // An as_of page binds its cursor too (absent: the cursors of before stay valid).
    if (query.as_of) resolved.push(`as_of ${query.as_of}`);
    const listing = { operation: '/v1/history', query: resolved, keys: HISTORY_KEYS };
    // The store cuts history pages itself (HISTORY_PAGE_SIZE), and says where the next one starts.
    const page = await walk.page(listing, async (after) => {
      const { data, next } = await economics.history({
        series,
        countryIds,
        kpiIds,
        ...range,
        transform: query.transform,
        ...(query.as_of ? { asOf: query.as_of } : {}),
        ...(query.frequency ? { frequency: query.frequency, aggregation: query.aggregation ?? 'avg' } : {}),
        after,
      });
      return { rows: data, next };
    });
    return { data: page.rows, next_cursor: page.next_cursor };
  },
});
