import type { EconomicsCatalogue, Series } from './catalogue.js';
import { parseDateTime } from './dates.js';
import { seriesSelection } from './selection.js';

type Updated = Series & { last_update: string };

const byUpdateThenId = (a: Updated, b: Updated) =>
  a.last_update < b.last_update ? -1 : a.last_update > b.last_update ? 1 : a.series_id < b.series_id ? -1 : 1;

/** Series whose data changed after `since`, sorted by last_update then series_id. */
export function updatedSeries(catalogue: EconomicsCatalogue, query: { since: string; country?: string }) {
  const select = seriesSelection(catalogue, { country: query.country });
  const since = parseDateTime(query.since, 'since');
  const { series } = select();
  return series
    .filter((s): s is Updated => s.last_update !== null && Date.parse(s.last_update) > since)
    .sort(byUpdateThenId)
    .map((s) => ({
      series_id: s.series_id,
      country_id: s.country_id,
      kpi_id: s.kpi_id,
      slug: catalogue.indicatorById.get(s.kpi_id)!.slug,
      last_update: s.last_update,
    }));
}
