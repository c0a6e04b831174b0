import { unknownToken } from '../errors.js';
import { INDICATOR_GROUPS, type EconomicsCatalogue, type IndicatorGroup, type Series } from './catalogue.js';
import { seriesSelection } from './selection.js';

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

/** The latest value of each matching series, sorted by country_id then kpi_id. */
export function latestValues(catalogue: EconomicsCatalogue, query: LatestQuery) {
  const select = seriesSelection(catalogue, query);
  const group = query.group?.trim().toLowerCase();
  const { series } = select();
  if (group !== undefined && group !== '' && !isIndicatorGroup(group))
    throw unknownToken('indicator group', query.group!);
  return series
    .filter((s) => !group || catalogue.indicatorById.get(s.kpi_id)?.group === group)
    .sort(byCountryThenIndicator)
    .map((s) => latestRow(catalogue, s));
}

function latestRow(catalogue: EconomicsCatalogue, s: Series) {
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
    latest_value: s.latest_value,
    latest_value_date: s.latest_value_date,
    previous_value: s.previous_value,
    previous_value_date: s.previous_value_date,
    highest_value: s.highest_value,
    highest_value_date: s.highest_value_date,
    lowest_value: s.lowest_value,
    lowest_value_date: s.lowest_value_date,
    unit: i.unit,
    unit_code: i.unit_code,
    frequency: s.frequency,
    adjustment: s.adjustment,
    source_name: s.source_name,
    source_url: s.source_url,
    license_id: s.license_id,
    attribution_text: s.attribution_text,
    first_value_date: s.first_value_date,
    last_update: s.last_update,
  };
}
