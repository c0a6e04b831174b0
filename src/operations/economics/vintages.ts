import { Type } from '@sinclair/typebox';
import { parseDateRange } from '../../economics/dates.js';
import { seriesSelection } from '../../economics/selection.js';
import { economicsBody } from '../../http/schemas.js';
import { defineOperation } from '../operation.js';
import { VintagesQuery, VintagesSchema } from './schemas.js';

export const vintages = defineOperation({
  url: '/v1/vintages',
  operationId: 'listVintages',
  summary: 'The days the data of each matching series changed (its vintages), sorted by series_id',
  returns:
    'One row per matching series, sorted by series_id: the days its data changed (a value first ' +
    'published, revised or withdrawn), ascending, within from/to. Ask /v1/history or /v1/latest with ' +
    'as_of one of them for the data as it was then.',
  tag: 'economics',
  cost: 1,
  query: VintagesQuery,
  body: economicsBody(Type.Array(VintagesSchema, { description: 'one item per matching series, by series_id' })),
  handler: async ({ query, stores }) => {
    const { economics } = stores;
    const select = seriesSelection(economics.catalogue, query);
    const { from, to } = parseDateRange(query.from, query.to);
    const ids = select()
      .series.map((s) => s.series_id)
      .sort();
    const dates = await economics.vintageDates(ids);
    const within = (d: string) => (!from || d >= from) && (!to || d <= to);
    return { data: ids.map((id) => ({ series_id: id, vintage_dates: (dates.get(id) ?? []).filter(within) })) };
  },
});
