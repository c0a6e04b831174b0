import { listItems } from '../values.js';
import type { EconomicsCatalogue, Series } from './catalogue.js';

/** The items of a list parameter, or undefined when it holds none. */
function tokensOf(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const items = listItems(value);
  return items.length === 0 ? undefined : items;
}

export interface SeriesSelection {
  /** Resolved country ids; undefined when the query names none (all countries). */
  countries: Set<string> | undefined;
  indicators: Set<string> | undefined;
  series: Series[];
}

/**
 * Country and indicator filters: lists split now, tokens resolved (404 for an unknown
 * one) when the returned function runs, so an operation can check its other
 * parameters first.
 */
export function seriesSelection(
  catalogue: EconomicsCatalogue,
  query: { country?: string; indicator?: string },
): () => SeriesSelection {
  const countryTokens = tokensOf(query.country);
  const indicatorTokens = tokensOf(query.indicator);
  return () => {
    const countries = countryTokens ? catalogue.resolveCountries(countryTokens) : undefined;
    const indicators = indicatorTokens ? catalogue.resolveIndicators(indicatorTokens) : undefined;
    return { countries, indicators, series: catalogue.selectSeries(countries, indicators) };
  };
}
