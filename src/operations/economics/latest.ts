import { Type } from '@sinclair/typebox';
import { latestRow, latestSeries, latestValues, statsAsOf } from '../../economics/latest.js';
import { economicsBody } from '../../http/schemas.js';
import { defineOperation } from '../operation.js';
import { LatestQuery, LatestValueSchema } from './schemas.js';

export const latest = defineOperation({
  url: '/v1/latest',
  operationId: 'getLatest',
  summary: 'Latest value of each matching series, sorted by country_id then kpi_id',
  returns: 'One row per matching series (country and indicator), sorted by country_id then kpi_id.',
  tag: 'economics',
  cost: 1,
  query: LatestQuery,
  body: economicsBody(
    Type.Array(LatestValueSchema, { description: 'one row per matching series, by country_id then kpi_id' }),
  ),
  handler: async ({ query, stores }) => {
    const { catalogue } = stores.economics;
    if (!query.as_of) return { data: latestValues(catalogue, query) };
    // As known at the end of a day: the stats of each series' points then; a series not yet published is absent.
    const series = latestSeries(catalogue, query);
    const points = await stores.economics.pointsAsOf(
      series.map((s) => s.series_id),
      query.as_of,
    );
    return {
      data: series.flatMap((s) => {
        const stats = statsAsOf(points.get(s.series_id) ?? []);
        return stats ? [latestRow(catalogue, s, stats)] : [];
      }),
    };
  },
});
