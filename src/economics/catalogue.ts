import { unknownToken } from '../errors.js';
import { GROUP_MEMBERS } from '../reference/groups.js';
import { INDICATOR_FREQUENCIES as FREQUENCIES, INDICATOR_GROUPS } from '../reference/indicators.js';
import type { Database } from '../store/duckdb.js';
import type { Fields } from '../store/rows.js';

// The indicator groups and frequencies are those of the reference indicator definitions.
export { FREQUENCIES, INDICATOR_GROUPS };

export type IndicatorGroup = (typeof INDICATOR_GROUPS)[number];
export type Frequency = (typeof FREQUENCIES)[number];

export interface Country {
  country_id: string;
  name: string;
  slug: string;
  iso2: string | null;
  kind: 'country' | 'aggregate';
  groups: string[];
}

export interface Indicator {
  kpi_id: string;
  slug: string;
  name: string;
  group: IndicatorGroup;
  unit: string;
  unit_code: string;
  frequency: Frequency;
  description: string | null;
  aliases: string[];
}

export interface Series {
  series_id: string;
  country_id: string;
  kpi_id: string;
  frequency: Frequency;
  adjustment: string | null;
  source_name: string;
  source_url: string;
  license_id: string;
  attribution_text: string;
  last_update: string | null;
  n_obs: number;
  first_value_date: string | null;
  latest_value: number;
  latest_value_date: string;
  previous_value: number | null;
  previous_value_date: string | null;
  highest_value: number | null;
  highest_value_date: string | null;
  lowest_value: number | null;
  lowest_value_date: string | null;
}

const COUNTRY_FIELDS: Fields<Country> = {
  country_id: true,
  name: true,
  slug: true,
  iso2: true,
  kind: true,
  groups: true,
};

const INDICATOR_FIELDS: Fields<Indicator> = {
  kpi_id: true,
  slug: true,
  name: true,
  group: true,
  unit: true,
  unit_code: true,
  frequency: true,
  description: true,
  aliases: true,
};

const SERIES_FIELDS: Fields<Series> = {
  series_id: true,
  country_id: true,
  kpi_id: true,
  frequency: true,
  adjustment: true,
  source_name: true,
  source_url: true,
  license_id: true,
  attribution_text: true,
  last_update: true,
  n_obs: true,
  first_value_date: true,
  latest_value: true,
  latest_value_date: true,
  previous_value: true,
  previous_value_date: true,
  highest_value: true,
  highest_value_date: true,
  lowest_value: true,
  lowest_value_date: true,
};

/**
 * The economics metadata of one snapshot, held in memory: a few thousand rows that
 * every economics request needs (token resolution, latest values, search). The
 * observations are read apart, on first use (`observations.ts`).
 */
export class EconomicsCatalogue {
  readonly countryById = new Map<string, Country>();
  readonly indicatorById = new Map<string, Indicator>();
  readonly seriesById = new Map<string, Series>();
  /** Each country's series, sorted by series_id (subsequences of `series`). */
  private readonly seriesByCountry = new Map<string, Series[]>();
  private readonly countryTokens = new Map<string, string[]>();
  private readonly indicatorTokens = new Map<string, string>();
  /** The countries with at least one series, in `countries` order: what is listed and searched. */
  readonly listedCountries: Country[];
  /** The indicators with at least one series, in `indicators` order: what is listed and searched. */
  readonly listedIndicators: Indicator[];

  constructor(
    readonly countries: Country[],
    readonly indicators: Indicator[],
    /** Sorted by series_id. */
    readonly series: Series[],
  ) {
    for (const c of countries) this.countryById.set(c.country_id, c);
    for (const i of indicators) this.indicatorById.set(i.kpi_id, i);
    const measured = new Set<string>();
    for (const s of series) {
      this.seriesById.set(s.series_id, s);
      measured.add(s.kpi_id);
      let list = this.seriesByCountry.get(s.country_id);
      if (!list) this.seriesByCountry.set(s.country_id, (list = []));
      list.push(s);
    }
    // A catalogue entry without data is not offered (CONTRACT §7): after official data
    // replaced the sample, only what an agency publishes is listed and found.
    this.listedCountries = countries.filter((c) => this.seriesByCountry.has(c.country_id));
    this.listedIndicators = indicators.filter((i) => measured.has(i.kpi_id));
    // Group tokens win over a country code spelled the same (`emu`): the spec names
    // `emu` as a group; the euro-area aggregate stays reachable by its slug.
    for (const c of countries) {
      for (const token of [c.country_id, c.iso2, c.slug]) {
        if (token) this.countryTokens.set(token.toLowerCase(), [c.country_id]);
      }
    }
    // The group tokens are those of the reference groups; members are read from the snapshot's countries.
    for (const group of Object.keys(GROUP_MEMBERS)) {
      const members = countries.filter((c) => c.groups.includes(group)).map((c) => c.country_id);
      this.countryTokens.set(group, members);
    }
    for (const i of indicators) {
      for (const token of [i.kpi_id, i.slug, ...i.aliases]) this.indicatorTokens.set(token.toLowerCase(), i.kpi_id);
    }
  }

  /** Country ids named by ISO3, ISO2, slug or group tokens; 404 naming the first unknown token. */
  resolveCountries(tokens: string[]): Set<string> {
    const ids = new Set<string>();
    for (const token of tokens) {
      const found = this.countryTokens.get(token.toLowerCase());
      if (!found) throw unknownToken('country', token);
      for (const id of found) ids.add(id);
    }
    return ids;
  }

  /** kpi_ids named by kpi_id, slug or alias; 404 naming the first unknown token. */
  resolveIndicators(tokens: string[]): Set<string> {
    const ids = new Set<string>();
    for (const token of tokens) {
      const found = this.indicatorTokens.get(token.toLowerCase());
      if (!found) throw unknownToken('indicator', token);
      ids.add(found);
    }
    return ids;
  }

  /** Series of the given countries and indicators (undefined = no filter), sorted by series_id. */
  selectSeries(countryIds?: Set<string>, kpiIds?: Set<string>): Series[] {
    if (!countryIds) return kpiIds ? this.series.filter((s) => kpiIds.has(s.kpi_id)) : this.series;
    const selected: Series[] = [];
    for (const id of countryIds) {
      for (const s of this.seriesByCountry.get(id) ?? []) if (!kpiIds || kpiIds.has(s.kpi_id)) selected.push(s);
    }
    return countryIds.size > 1 ? selected.sort((a, b) => (a.series_id < b.series_id ? -1 : 1)) : selected;
  }

  static async load(db: Database, schema = 'econ'): Promise<EconomicsCatalogue> {
    const countries = await db.query(
      `SELECT country_id, name, slug, iso2, kind, groups FROM ${schema}.countries ORDER BY country_id`,
      COUNTRY_FIELDS,
    );
    const indicators = await db.query(
      `SELECT kpi_id, slug, name, "group", unit, unit_code, frequency, description, aliases
       FROM ${schema}.indicators ORDER BY kpi_id`,
      INDICATOR_FIELDS,
    );
    const series = await db.query(
      `SELECT s.series_id, s.country_id, s.kpi_id, s.frequency, s.adjustment,
              s.source_name, s.source_url, s.license_id, s.attribution_text,
              strftime(s.last_update, '%Y-%m-%dT%H:%M:%SZ') AS last_update,
              st.n_obs, st.first_value_date, st.latest_value, st.latest_value_date,
              st.previous_value, st.previous_value_date, st.highest_value, st.highest_value_date,
              st.lowest_value, st.lowest_value_date
       FROM ${schema}.series s JOIN ${schema}.series_stats st USING (series_id)
       ORDER BY s.series_id`,
      SERIES_FIELDS,
    );
    return new EconomicsCatalogue(countries, indicators, series);
  }
}
