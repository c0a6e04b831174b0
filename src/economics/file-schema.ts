import type { FileSchema } from '../store/snapshot-schema.js';

/**
 * Every table an economics file (`economics.duckdb`) may hold, with its columns: the
 * tables of `ECONOMICS_DDL`, the series statistics derived from them, and the mark
 * an ingest leaves (`meta`). A served file holding anything else is refused.
 */
export const ECONOMICS_FILE_SCHEMA: FileSchema = {
  countries: ['country_id', 'name', 'slug', 'iso2', 'kind', 'groups'],
  indicators: ['kpi_id', 'slug', 'name', 'group', 'unit', 'unit_code', 'frequency', 'description', 'aliases'],
  series: [
    'series_id',
    'country_id',
    'kpi_id',
    'frequency',
    'adjustment',
    'source_name',
    'source_url',
    'license_id',
    'attribution_text',
    'last_update',
  ],
  observations: ['series_id', 'date', 'value', 'obs_status', 'realtime_start'],
  revisions: ['series_id', 'date', 'value', 'obs_status', 'realtime_start', 'realtime_end'],
  series_stats: [
    'series_id',
    'n_obs',
    'first_value_date',
    'latest_value_date',
    'latest_value',
    'previous_value',
    'previous_value_date',
    'highest_value',
    'highest_value_date',
    'lowest_value',
    'lowest_value_date',
  ],
  meta: ['key', 'value'],
};
