import { Type } from '@sinclair/typebox';
import { parseDateRange } from '../../economics/dates.js';
import { seriesSelection } from '../../economics/selection.js';
import { pageBody } from '../../http/schemas.js';
import { defineOperation } from '../operation.js';
import { HistoryPointSchema, HistoryQuery } from './schemas.js';

export const history = defineOperation({
  url: '/v1/history',
  summary: 'Observations sorted by series_id then date, 1000 a page, with optional transform',
  tag: 'economics',
  cost: 2,
  query: HistoryQuery,
  body: pageBody(Type.Array(HistoryPointSchema)),
  // Up to 1000 points whose nullable fields would make the schema serializer validate each one.
  plainSerializer: true,
  handler: ({ query, stores }) => {
    const economics = stores.economics;
    const select = seriesSelection(economics.catalogue, query);
    const range = parseDateRange(query.from, query.to);
    const { countries, indicators, series } = select();
    return economics.history({
      series,
      countryIds: countries ? [...countries].sort() : null,
      kpiIds: indicators ? [...indicators].sort() : null,
      ...range,
      transform: query.transform,
      cursor: query.cursor,
    });
  },
});
