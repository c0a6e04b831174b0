import type { Frequency } from '../economics/catalogue.js';
import type { NotLoaded } from './report.js';

/** Where ingested numbers come from, recorded on every series they feed. */
export interface Provenance {
  source_name: string;
  source_url: string;
  license_id: string;
  attribution_text: string;
}

/** A row that could not be loaded, with where and why. */
export interface BadRow {
  file: string;
  line: number;
  reason: string;
}

export interface EconomicsObservation {
  country_id: string;
  kpi_id: string;
  frequency: Frequency;
  /** `YYYY-MM-DD`, the first day of the period. */
  date: string;
  value: number;
  obs_status: string | null;
}

/** What an economics adapter hands to the snapshot builder. */
export interface EconomicsBatch {
  provenance: Provenance;
  observations: EconomicsObservation[];
  badRows: BadRow[];
  /** Source codes no mapping covers, and aggregates (reported, never guessed), with how many rows used them. */
  unmapped: NotLoaded;
}
