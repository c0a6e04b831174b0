import type { FileSchema } from '../../store/snapshot-schema.js';
import { ANNUAL_AGGREGATES, ANNUAL_COPIES, MONTHLY_AGGREGATES, MONTHLY_COPIES, aggregateTable } from './tables.js';

const ANNUAL = ['exporter', 'importer', 'hs6', 'year', 'value', 'qty'];
const MONTHLY = ['exporter', 'importer', 'hs6', 'month', 'value_exp', 'qty_exp', 'value_imp', 'qty_imp'];
const ANNUAL_SUMS = ['value', 'qty', 'value_q', 'n'];
const MONTHLY_SUMS = ['exporter', 'importer', 'reconciled'].flatMap((m) => [`v_${m}`, `q_${m}`, `n_${m}`]);
const PRODUCTS = ['hs6', 'hs_version', 'name', 'chapter_name', 'heading_name'];
const META = ['key', 'value'];

/**
 * Every table a trade file (`trade.duckdb`, and each edition file) may hold, with its
 * columns: the base tables of `TRADE_DDL`, their sorted copies and aggregates, the
 * coverage, the editions flows were reported in, an edition file's report, and the
 * mark an ingest leaves. A served file holding anything else is refused.
 */
export const TRADE_FILE_SCHEMA: FileSchema = {
  countries: ['id', 'iso2', 'iso3', 'name', 'region', 'is_reporter'],
  products: PRODUCTS,
  sources: ['country', 'source_name', 'source_url', 'license_id', 'attribution_text'],
  annual: ANNUAL,
  monthly: MONTHLY,
  ...Object.fromEntries(Object.keys(ANNUAL_COPIES).map((k) => [`annual_by_${k}`, ANNUAL])),
  ...Object.fromEntries(Object.keys(MONTHLY_COPIES).map((k) => [`monthly_by_${k}`, MONTHLY])),
  ...Object.fromEntries(
    Object.entries(ANNUAL_AGGREGATES).map(([k, dims]) => [
      aggregateTable('annual', k),
      [...dims, 'year', ...ANNUAL_SUMS],
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(MONTHLY_AGGREGATES).map(([k, dims]) => [
      aggregateTable('monthly', k),
      [...dims, 'month', ...MONTHLY_SUMS],
    ]),
  ),
  coverage: ['country', 'yearly_first', 'yearly_last', 'monthly_first', 'monthly_last'],
  editions: ['granularity', 'country', 'period', 'hs_version', 'source'],
  edition_report: ['hs_version', 'own', 'converted', 'earlier', 'unconverted'],
  meta: META,
};

/** Every table a nomenclature file (`nomenclature.duckdb`) may hold: products by edition, the UNSD tables. */
export const NOMENCLATURE_FILE_SCHEMA: FileSchema = {
  products: PRODUCTS,
  hs_conversions: ['from_version', 'from_hs6', 'to_version', 'to_hs6'],
  hs_correlations: ['from_version', 'from_hs6', 'to_version', 'to_hs6', 'relationship'],
  meta: META,
};
