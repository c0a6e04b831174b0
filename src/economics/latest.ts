import { unknownToken } from '../errors.js';
import { INDICATOR_GROUPS, type EconomicsCatalogue, type IndicatorGroup, type Series } from './catalogue.js';
import { seriesSelection } from './selection.js';
import type { RawPoint } from './transforms.js';

export interface LatestQuery {
  country?: string;
  indicator?: string;
  group?: string;
}

function isIndicatorGroup(value: string): value is IndicatorGroup {
  return (INDICATOR_GROUPS as readonly string[]).includes(value);
}

const byCountryThenIndicator = (a: Series, b: Series) =>
  a.country_id < b.country_id
    ? -1
    : a.country_id > b.country_id
      ? 1
      : a.kpi_id < b.kpi_id
        ? -1
        : a.kpi_id > b.kpi_id
          ? 1
          : 0;

/** The matching series, sorted by country_id then kpi_id. */
export function latestSeries(catalogue: EconomicsCatalogue, query: LatestQuery): Series[] {
  const select = seriesSelection(catalogue, query);
  const group = query.group?.trim().toLowerCase();
  const { series } = select();
  if (group !== undefined && group !== '' && !isIndicatorGroup(group))
    throw unknownToken('indicator group', query.group!);
  return series
    .filter((s) => !group || catalogue.indicatorById.get(s.kpi_id)?.group === group)
    .sort(byCountryThenIndicator);
}

/** The latest value of each matching series, sorted by country_id then kpi_id. */
export function latestValues(catalogue: EconomicsCatalogue, query: LatestQuery) {
  return latestSeries(catalogue, query).map((s) => latestRow(catalogue, s));
}

/** What `/v1/latest` says of a series' observations. */
type SeriesStats = Pick<
  Series,
  | 'latest_value'
  | 'latest_value_date'
  | 'previous_value'
  | 'previous_value_date'
  | 'highest_value'
  | 'highest_value_date'
  | 'lowest_value'
  | 'lowest_value_date'
  | 'first_value_date'
  | 'last_update'
> & { realtime_start?: string };

/**
 * The stats of a series from its points as known on a day (date order), as
 * `deriveSeriesStats` computes them from today's (a highest or lowest value reached
 * more than once is dated at its first occurrence); undefined without a point. The
 * last update is the day the latest-known of them became known.
 */
export function statsAsOf(points: RawPoint[]): SeriesStats | undefined {
  const last = points.at(-1);
  if (!last) return undefined;
  const previous = points.at(-2);
  let high = points[0]!;
  let low = points[0]!;
  for (const p of points) {
    if (p.value > high.value) high = p;
    if (p.value < low.value) low = p;
  }
  const known = points.reduce((max, p) => (p.realtime_start && p.realtime_start > max ? p.realtime_start : max), '');
  return {
    latest_value: last.value,
    latest_value_date: last.date,
    previous_value: previous?.value ?? null,
    previous_value_date: previous?.date ?? null,
    highest_value: high.value,
    highest_value_date: high.date,
    lowest_value: low.value,
    lowest_value_date: low.date,
    first_value_date: points[0]!.date,
    last_update: known ? `${known}T00:00:00Z` : null,
    ...(last.realtime_start ? { realtime_start: last.realtime_start } : {}),
  };
}

/** One row of `/v1/latest`: the series' stats of today, or those as known on a day (`asOf`). */
export function latestRow(catalogue: EconomicsCatalogue, s: Series, asOf?: SeriesStats) {
  const c = catalogue.countryById.get(s.country_id);
  const i = catalogue.indicatorById.get(s.kpi_id)!;
  return {
    series_id: s.series_id,
    country_id: s.country_id,
    country: c?.name ?? s.country_id,
    kpi_id: s.kpi_id,
    indicator: i.name,
    slug: i.slug,
    group: i.group,
    latest_value: (asOf ?? s).latest_value,
    latest_value_date: (asOf ?? s).latest_value_date,
    previous_value: (asOf ?? s).previous_value,
    previous_value_date: (asOf ?? s).previous_value_date,
    highest_value: (asOf ?? s).highest_value,
    highest_value_date: (asOf ?? s).highest_value_date,
    lowest_value: (asOf ?? s).lowest_value,
    lowest_value_date: (asOf ?? s).lowest_value_date,
    unit: i.unit,
    unit_code: i.unit_code,
    frequency: s.frequency,
    adjustment: s.adjustment,
    source_name: s.source_name,
    source_url: s.source_url,
    license_id: s.license_id,
    attribution_text: s.attribution_text,
    first_value_date: (asOf ?? s).first_value_date,
    last_update: (asOf ?? s).last_update,
    ...(asOf?.realtime_start ? { realtime_start: asOf.realtime_start } : {}),
  };
}
