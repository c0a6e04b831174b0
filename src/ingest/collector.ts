import type { Frequency } from '../economics/catalogue.js';
import { COUNTRY_PROFILES } from '../reference/countries.js';
import { shown } from './adapters/json.js';
import { AGENCY_COUNTRY_CODES } from './agency-countries.js';
import { Areas } from './areas.js';
import { NotLoaded } from './report.js';
import type { BadRow, EconomicsBatch, EconomicsObservation, EconomicsRevision, Provenance } from './types.js';

/**
 * A period as written by statistics offices (`2023`, `2023-07`, `2023-07-14`,
 * `2023Q2`, `2023-Q2`, `2023M07`) as the first day of that period, checked against
 * the series' frequency; undefined when it does not fit.
 */
export function periodStart(text: string, frequency: Frequency): string | undefined {
  const t = text.trim();
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})$/.exec(t))) return frequency === 'annual' ? `${m[1]}-01-01` : undefined;
  if ((m = /^(\d{4})-?Q([1-4])$/.exec(t)))
    return frequency === 'quarterly' ? `${m[1]}-${String((Number(m[2]) - 1) * 3 + 1).padStart(2, '0')}-01` : undefined;
  if ((m = /^(\d{4})(?:-|M)(0[1-9]|1[0-2])$/.exec(t)))
    return frequency === 'monthly' ? `${m[1]}-${m[2]}-01` : undefined;
  if ((m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t))) {
    const d = new Date(`${t}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== t) return undefined;
    if (frequency === 'daily') return t;
    if (frequency === 'monthly') return m[3] === '01' ? t : undefined;
    if (frequency === 'quarterly') return m[3] === '01' && ['01', '04', '07', '10'].includes(m[2]!) ? t : undefined;
    return m[2] === '01' && m[3] === '01' ? t : undefined;
  }
  return undefined;
}

/** `map[key]` when the map itself holds it (never a name of Object.prototype). */
const own = (map: Readonly<Record<string, string>>, key: string) => (Object.hasOwn(map, key) ? map[key] : undefined);

const ISO2_TO_ISO3 = new Map(COUNTRY_PROFILES.filter((p) => p.iso2).map((p) => [p.iso2!, p.iso3]));
const CATALOGUE = new Set(COUNTRY_PROFILES.map((p) => p.iso3));

export interface Row {
  file: string;
  line: number;
  /** Source code of the series (reported when unmapped). */
  code: string;
  /** undefined = the mapping has no series for `code`. */
  kpi_id?: string;
  frequency?: Frequency;
  /** The source's country code: an explicit mapping, a catalogue ISO3, or an ISO2 of a catalogue country. */
  country: string;
  /** The source's name of that country or aggregate, for the report of what was not loaded. */
  countryName?: string;
  period: string;
  value: unknown;
  status?: string | null;
  /** `YYYY-MM-DD`: the day the source published the value, where the file says. */
  realtimeStart?: string;
}

/** Whether a source gives no value (null, empty, or FRED's "."). */
export function noValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || value === '.';
}

/**
 * A source's value as a number: undefined when the source gives none for the period
 * (null, empty, or FRED's "."), NaN when it is neither a number nor a numeric string.
 */
function numberOf(value: unknown): number | undefined {
  if (noValue(value)) return undefined;
  if (typeof value === 'number') return value;
  return typeof value === 'string' ? Number(value.trim()) : NaN;
}

/** Gathers mapped observations, bad rows (file, line, reason) and unmapped codes. */
export class Collector {
  readonly observations: EconomicsObservation[] = [];
  readonly revisions: EconomicsRevision[] = [];
  /** Observations the source withdrew (SDMX `action=Delete`), as their series and date (the value is 0). */
  readonly withdrawn: EconomicsObservation[] = [];
  readonly badRows: BadRow[] = [];
  readonly unmapped = new NotLoaded();

  constructor(private readonly countryMap: Record<string, string> = {}) {}

  bad(file: string, line: number, reason: string): void {
    this.badRows.push({ file, line, reason });
  }

  country(code: string): string | undefined {
    const c = code.trim().toUpperCase();
    // The source's own mapping first, then our codes, then the agencies' usual ones.
    return own(this.countryMap, c) ?? (CATALOGUE.has(c) ? c : ISO2_TO_ISO3.get(c)) ?? own(AGENCY_COUNTRY_CODES, c);
  }

  add(row: Row): void {
    const o = this.observationOf(row);
    if (o) this.observations.push(o);
  }

  /** A value of `row`'s period the source has since revised, known over `realtime` (inclusive days). */
  addRevision(row: Row, realtime: { start: string; end: string }): void {
    const o = this.observationOf(row);
    if (o) this.revisions.push({ ...o, realtime_start: realtime.start, realtime_end: realtime.end });
  }

  /**
   * An observation of `row`'s series and period the source withdrew; its value, if
   * any, is not read. One that cannot be placed withdraws nothing, and is not reported.
   */
  addWithdrawn(row: Row): void {
    const o = this.observationOf({ ...row, value: 0, status: null }, false);
    if (o) this.withdrawn.push(o);
  }

  /** The row as an observation of the catalogue; undefined (reported, unless told not to) when it cannot be one. */
  private observationOf(row: Row, report = true): EconomicsObservation | undefined {
    if (!report) {
      const countryId = row.kpi_id && row.frequency ? this.country(row.country) : undefined;
      const date = row.frequency ? periodStart(row.period, row.frequency) : undefined;
      if (!countryId || !date) return undefined;
      return {
        country_id: countryId,
        kpi_id: row.kpi_id!,
        frequency: row.frequency!,
        date,
        value: 0,
        obs_status: null,
      };
    }
    if (!row.kpi_id || !row.frequency) return void this.unmapped.add('series', row.code);
    const countryId = this.country(row.country);
    if (!countryId) {
      // A code that is no ISO country (WLD, EUU, HIC …) sums countries: reported apart from them.
      const kind = Areas.load().iso(row.country) ? 'country' : 'aggregate';
      return void this.unmapped.add(kind, row.country.trim(), row.countryName?.trim());
    }
    const value = numberOf(row.value);
    if (value === undefined) return undefined; // no value for that period
    if (!Number.isFinite(value))
      return void this.bad(row.file, row.line, `value "${shown(row.value)}" is not a number`);
    const date = periodStart(row.period, row.frequency);
    if (!date) {
      const article = /^[aeiou]/.test(row.frequency) ? 'an' : 'a';
      return void this.bad(row.file, row.line, `period "${row.period}" is not ${article} ${row.frequency} period`);
    }
    return {
      country_id: countryId,
      kpi_id: row.kpi_id,
      frequency: row.frequency,
      date,
      value,
      obs_status: normaliseStatus(row.status),
      ...(row.realtimeStart ? { realtime_start: row.realtimeStart } : {}),
    };
  }

  batch(provenance: Provenance): EconomicsBatch {
    const { observations, revisions, badRows, unmapped } = this;
    return { provenance, observations, ...(revisions.length ? { revisions } : {}), badRows, unmapped };
  }
}

/** Source status flags to the contract's values (E estimated; P/F provisional); others are final data. */
export function normaliseStatus(s: string | null | undefined): string | null {
  const v = (s ?? '').trim().toUpperCase();
  if (v === 'E') return 'estimated';
  if (v === 'P' || v === 'F') return 'provisional';
  return null;
}
