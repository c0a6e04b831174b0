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
  indicators: Record<string, { kpi_id: string; frequency: Frequency }>;
  countries: Record<string, string>;
}

const MAPPINGS_DIR = new URL('../../mappings/', import.meta.url);
const MAPPINGS_DIR_DIST = new URL('../../../mappings/', import.meta.url);

export function loadMapping(source: string, extra?: string): SourceMapping {
  let base: SourceMapping;
  try {
    base = JSON.parse(readFileSync(new URL(`${source}.json`, MAPPINGS_DIR), 'utf8')) as SourceMapping;
  } catch {
    base = JSON.parse(readFileSync(new URL(`${source}.json`, MAPPINGS_DIR_DIST), 'utf8')) as SourceMapping;
  }
  if (!extra) return base;
  const add = JSON.parse(readFileSync(extra, 'utf8')) as Partial<SourceMapping>;
  return {
    source: { ...base.source, ...add.source },
    indicators: { ...base.indicators, ...add.indicators },
    countries: { ...base.countries, ...add.countries },
  };
}
