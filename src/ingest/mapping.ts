import { readFileSync } from 'node:fs';
import type { Frequency } from '../economics/catalogue.js';
import type { Provenance } from './types.js';

/**
 * Maps a source's codes to the catalogue: indicator codes to kpi_id and frequency,
 * country codes to country_id (ISO3 codes of catalogue countries map to themselves).
 * The project ships one file per source in `mappings/`; `--mapping FILE` adds to it.
 */
export interface SourceMapping {
  source: Provenance;
  /** Source series or indicator code → catalogue indicator (and, for single-country sources, the country). */
  indicators: Record<string, { kpi_id: string; frequency: Frequency; country?: string }>;
  /** Source country codes → country_id, beyond catalogue ISO3/ISO2 codes. */
  countries: Record<string, string>;
  /** Multidimensional sources (SDMX, JSON-stat): which dimension values make which series. */
  series?: Array<{
    match: Record<string, string>;
    kpi_id: string;
    country_dimension: string;
    time_dimension?: string;
    frequency?: Frequency;
  }>;
  frequency_dimension?: string;
  frequencies?: Record<string, Frequency>;
}

/** The series rule a set of dimension values falls under, if any. */
export function seriesRule(
  mapping: SourceMapping,
  dims: Record<string, string>,
): NonNullable<SourceMapping['series']>[number] | undefined {
  return mapping.series?.find((r) => Object.entries(r.match).every(([k, v]) => dims[k] === v));
}

const MAPPINGS_DIR = new URL('../../mappings/', import.meta.url);
const MAPPINGS_DIR_DIST = new URL('../../../mappings/', import.meta.url);

/** A shipped file of `mappings/` (found from the sources and from the built `dist/`). */
export function readMappingFile<T>(name: string): T {
  try {
    return JSON.parse(readFileSync(new URL(name, MAPPINGS_DIR), 'utf8')) as T;
  } catch {
    return JSON.parse(readFileSync(new URL(name, MAPPINGS_DIR_DIST), 'utf8')) as T;
  }
}

export function loadMapping(source: string, extra?: string): SourceMapping {
  const base = readMappingFile<SourceMapping>(`${source}.json`);
  if (!extra) return base;
  const add = JSON.parse(readFileSync(extra, 'utf8')) as Partial<SourceMapping>;
  return {
    source: { ...base.source, ...add.source },
    indicators: { ...base.indicators, ...add.indicators },
    countries: { ...base.countries, ...add.countries },
    series: [...(add.series ?? []), ...(base.series ?? [])],
    frequency_dimension: add.frequency_dimension ?? base.frequency_dimension,
    frequencies: { ...base.frequencies, ...add.frequencies },
  };
}
