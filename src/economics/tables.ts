import type { DuckDBConnection } from '@duckdb/node-api';
import { COUNTRY_PROFILES } from '../reference/countries.js';
import { groupsOf } from '../reference/groups.js';
import { INDICATORS } from '../reference/indicators.js';
import { slugify } from '../text.js';
import type { Indicator } from './catalogue.js';

/**
 * The economics tables of a snapshot file. Writers (the sample generator, the
 * ingestion adapters) fill countries, indicators, series and observations, then
 * call `deriveSeriesStats`, which precomputes what `/v1/latest` serves.
 *
 * Vintages (§3): an observation's `realtime_start` is the day its value became known;
 * `revisions` keeps every value since revised or withdrawn, with the days it was the
 * latest known (`realtime_start` to `realtime_end`, inclusive). Storage grows with
 * revisions, not with ingests.
 */
export const ECONOMICS_DDL = `
CREATE TABLE countries (
  country_id VARCHAR PRIMARY KEY,
  name VARCHAR NOT NULL,
  slug VARCHAR NOT NULL UNIQUE,
  iso2 VARCHAR,
  kind VARCHAR NOT NULL,
  groups VARCHAR[] NOT NULL
);
CREATE TABLE indicators (
  kpi_id VARCHAR PRIMARY KEY,
  slug VARCHAR NOT NULL UNIQUE,
  name VARCHAR NOT NULL,
  "group" VARCHAR NOT NULL,
  unit VARCHAR NOT NULL,
  unit_code VARCHAR NOT NULL,
  frequency VARCHAR NOT NULL,
  description VARCHAR,
  aliases VARCHAR[] NOT NULL
);
CREATE TABLE series (
  series_id VARCHAR PRIMARY KEY,
  country_id VARCHAR NOT NULL,
  kpi_id VARCHAR NOT NULL,
  frequency VARCHAR NOT NULL,
  adjustment VARCHAR,
  source_name VARCHAR NOT NULL,
  source_url VARCHAR NOT NULL,
  license_id VARCHAR NOT NULL,
  attribution_text VARCHAR NOT NULL,
  last_update TIMESTAMP
);
CREATE TABLE observations (
  series_id VARCHAR NOT NULL,
  date DATE NOT NULL,
  value DOUBLE NOT NULL,
  obs_status VARCHAR,
  realtime_start DATE NOT NULL
);
CREATE TABLE revisions (
  series_id VARCHAR NOT NULL,
  date DATE NOT NULL,
  value DOUBLE NOT NULL,
  obs_status VARCHAR,
  realtime_start DATE NOT NULL,
  realtime_end DATE NOT NULL
);
`;

/**
 * Creates the economics tables and fills the catalogue (countries and indicators),
 * without series: the sample and the ingests share one catalogue, so a series of
 * either names the same countries and indicators.
 */
export async function writeEconomicsCatalogue(conn: DuckDBConnection): Promise<void> {
  await conn.run(ECONOMICS_DDL);
  for (const p of COUNTRY_PROFILES) {
    await conn.run('INSERT INTO countries VALUES ($1, $2, $3, $4, $5, $6::VARCHAR[])', [
      p.iso3,
      p.name,
      p.slug,
      p.iso2,
      p.kind,
      JSON.stringify(groupsOf(p.iso3)).replace(/"/g, "'"),
    ]);
  }
  // The reference file's groups and frequencies are values the catalogue knows (checked when compiling).
  for (const d of INDICATORS satisfies ReadonlyArray<Pick<Indicator, 'group' | 'frequency'>>) {
    await conn.run('INSERT INTO indicators VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::VARCHAR[])', [
      d.kpi_id,
      slugify(d.name),
      d.name,
      d.group,
      d.unit,
      d.unit_code,
      d.frequency,
      d.description,
      JSON.stringify(d.aliases).replace(/"/g, "'"),
    ]);
  }
}

/**
 * Summary of each series' observations, computed once per snapshot. A highest or
 * lowest value reached more than once is dated at its first occurrence.
 */
export async function deriveSeriesStats(conn: DuckDBConnection, schema = 'main'): Promise<void> {
  await conn.run(`
    CREATE OR REPLACE TABLE ${schema}.series_stats AS
    WITH ranked AS (
      SELECT series_id, date, value,
             row_number() OVER (PARTITION BY series_id ORDER BY date DESC) AS rn_desc,
             row_number() OVER (PARTITION BY series_id ORDER BY value DESC, date) AS rn_high,
             row_number() OVER (PARTITION BY series_id ORDER BY value, date) AS rn_low
      FROM ${schema}.observations
    )
    SELECT series_id,
           count(*)::INTEGER AS n_obs,
           min(date) AS first_value_date,
           max(date) AS latest_value_date,
           any_value(value) FILTER (WHERE rn_desc = 1) AS latest_value,
           any_value(value) FILTER (WHERE rn_desc = 2) AS previous_value,
           any_value(date) FILTER (WHERE rn_desc = 2) AS previous_value_date,
           max(value) AS highest_value,
           any_value(date) FILTER (WHERE rn_high = 1) AS highest_value_date,
           min(value) AS lowest_value,
           any_value(date) FILTER (WHERE rn_low = 1) AS lowest_value_date
    FROM ranked
    GROUP BY series_id
  `);
}
