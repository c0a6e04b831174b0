import type { Source } from './schema.js';
import { pointerToken } from './validate.js';

/**
 * The catalogue series (kpi_id × country_id) a source feeds, as its mapping names
 * them: an SDMX source's indicator (or each per-series rule's) for every country of
 * its code map; a World Bank source's indicator for its countries (`all`: every
 * country of the catalogue); a FRED source's one series.
 */

export interface Feed {
  kpi_id: string;
  country_id: string;
  /** JSON pointers, inside the source, of the fields that name the indicator and the country. */
  kpiPointer: string;
  countryPointer: string;
}

/** The kpi_ids of a source, each with the pointer of the field naming it. */
function kpiIds(source: Source): Array<{ kpi_id: string; pointer: string }> {
  if (source.provider === 'sdmx' && source.series) {
    return source.series.map((rule, i) => ({ kpi_id: rule.kpi_id, pointer: `/series/${i}/kpi_id` }));
  }
  return source.kpi_id === undefined ? [] : [{ kpi_id: source.kpi_id, pointer: '/kpi_id' }];
}

/** The country_ids of a source, each with the pointer of the field naming it. */
function countryIds(source: Source, everyCountry: readonly string[]): Array<{ country_id: string; pointer: string }> {
  switch (source.provider) {
    case 'sdmx':
      return Object.entries(source.countries).map(([code, id]) => ({
        country_id: id,
        pointer: `/countries/${pointerToken(code)}`,
      }));
    case 'worldbank':
      return source.countries === 'all'
        ? everyCountry.map((id) => ({ country_id: id, pointer: '/countries' }))
        : source.countries.map((id, i) => ({ country_id: id, pointer: `/countries/${i}` }));
    case 'fred':
      return [{ country_id: source.country, pointer: '/country' }];
  }
}

/** Every kpi_id × country_id `source` feeds, once each (`everyCountry`: what `all` stands for). */
export function feedsOf(source: Source, everyCountry: readonly string[]): Feed[] {
  const feeds = new Map<string, Feed>();
  for (const k of kpiIds(source)) {
    for (const c of countryIds(source, everyCountry)) {
      const key = `${k.kpi_id}\u0000${c.country_id}`;
      if (!feeds.has(key)) {
        feeds.set(key, {
          kpi_id: k.kpi_id,
          country_id: c.country_id,
          kpiPointer: k.pointer,
          countryPointer: c.pointer,
        });
      }
    }
  }
  return [...feeds.values()];
}

/** The sources that feed one kpi_id × country_id: those without `fallback`, and the fallbacks, in catalogue order. */
export interface PairFeeds {
  primary: PlacedFeed[];
  fallbacks: PlacedFeed[];
}

export interface PlacedFeed extends Feed {
  source: Source;
  file: string;
  /** JSON pointer of the source in its file. */
  pointer: string;
}

/** `KPI×COUNTRY`, the key of a pair in a feed table. */
export const pairKey = (kpi_id: string, country_id: string): string => `${kpi_id}×${country_id}`;

/** Every pair the sources feed, with its sources in the order given (files by name, then position in the file). */
export function feedTable(
  sources: ReadonlyArray<{ source: Source; file: string; pointer: string }>,
  everyCountry: readonly string[],
): Map<string, PairFeeds> {
  const table = new Map<string, PairFeeds>();
  for (const placed of sources) {
    for (const feed of feedsOf(placed.source, everyCountry)) {
      const key = pairKey(feed.kpi_id, feed.country_id);
      const entry = table.get(key) ?? { primary: [], fallbacks: [] };
      (placed.source.fallback ? entry.fallbacks : entry.primary).push({ ...feed, ...placed });
      table.set(key, entry);
    }
  }
  return table;
}
