import type { Frequency } from '../../economics/catalogue.js';
import type { SourceMapping } from '../mapping.js';
import type { Source } from '../sources/schema.js';
import { INDICATORS } from '../../reference/indicators.js';

/** A source's frequency where it names none: its indicator's in the catalogue. */
const frequencyOf = (source: { frequency?: Frequency }, kpi_id: string): Frequency =>
  source.frequency ?? INDICATORS.find((i) => i.kpi_id === kpi_id)?.frequency ?? 'annual';

/** SDMX `FREQ` codes as the catalogue's frequencies. */
const SDMX_FREQUENCIES: Record<string, Frequency> = {
  A: 'annual',
  Q: 'quarterly',
  M: 'monthly',
  D: 'daily',
  B: 'daily',
};

/**
 * A catalogue source as the mapping its provider's adapter reads: the source's
 * provenance, its country codes, and which of its series feed which indicator.
 */
export function mappingOf(source: Source): SourceMapping {
  const base = { source: source.provenance, indicators: {}, countries: {} };
  switch (source.provider) {
    case 'sdmx': {
      const rules = source.series ?? [{ match: {}, kpi_id: source.kpi_id!, frequency: source.frequency }];
      return {
        ...base,
        countries: source.countries,
        series: rules.map((r) => ({
          match: r.match,
          kpi_id: r.kpi_id,
          country_dimension: source.country_dimension,
          ...((r.frequency ?? source.frequency) ? { frequency: r.frequency ?? source.frequency } : {}),
        })),
        frequency_dimension: 'FREQ',
        frequencies: SDMX_FREQUENCIES,
      };
    }
    case 'worldbank':
      return {
        ...base,
        indicators: { [source.indicator]: { kpi_id: source.kpi_id, frequency: frequencyOf(source, source.kpi_id) } },
      };
    case 'fred':
      return {
        ...base,
        indicators: {
          [source.series_id.toUpperCase()]: {
            kpi_id: source.kpi_id,
            frequency: frequencyOf(source, source.kpi_id),
            country: source.country,
          },
        },
      };
  }
}
