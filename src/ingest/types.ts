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
  /** `YYYY-MM-DD`, the day the source published this value, where the file says; else the day of the ingest. */
  realtime_start?: string;
}

/** A value the source has since revised, with the days it was the latest published (inclusive). */
export interface EconomicsRevision extends EconomicsObservation {
  realtime_start: string;
  realtime_end: string;
}

/** What an economics adapter hands to the snapshot builder. */
export interface EconomicsBatch {
  /** The catalogue source's `id`, where the batch comes from one: names it in errors and reports. */
  source_id?: string;
  /**
   * The batch carries each of its series whole (a catalogue source's whole history):
   * a stored date it does not carry is withdrawn. Otherwise only the dates from a
   * series' first to its last observation in the batch are replaced.
   */
  whole_series?: boolean;
  provenance: Provenance;
  observations: EconomicsObservation[];
  /** Earlier values of the batch's observations, where the source gives its vintages (ALFRED). */
  revisions?: EconomicsRevision[];
  badRows: BadRow[];
  /** Source codes no mapping covers, and aggregates (reported, never guessed), with how many rows used them. */
  unmapped: NotLoaded;
}
