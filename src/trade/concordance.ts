import type { Database } from '../store/duckdb.js';
import type { Fields } from '../store/rows.js';
import type { CodeRange } from './catalogue.js';
import { Bindings } from './sql.js';

/** The UNSD correlation relationships between codes of two editions. */
export const RELATIONSHIPS = ['1:1', 'n:1', '1:n', 'n:n'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

/** One pair of corresponding codes of two HS editions, seen from `from` (UNSD's relationship). */
export interface ConcordanceRow {
  from_hs6: number;
  from_version: number;
  to_hs6: number;
  to_version: number;
  relationship: Relationship;
}

const CONCORDANCE_FIELDS: Fields<ConcordanceRow> = {
  from_hs6: true,
  from_version: true,
  to_hs6: true,
  to_version: true,
  relationship: true,
};

/**
 * The codes of edition `to` that the codes in `range` of every other edition
 * correspond to, from the UNSD correlation tables of the nomenclature (attached as
 * `nom`): read as given from the later edition to the earlier, and the other way
 * round with the relationship seen from the earlier side (`n:1` becomes `1:n`).
 * Sorted by edition, code, then the corresponding code.
 */
export async function concordance(db: Database, range: CodeRange, to: number): Promise<ConcordanceRow[]> {
  const b = new Bindings();
  const [lo, hi, v] = [b.bind(range.lo), b.bind(range.hi), b.bind(to)];
  const sql = `
    SELECT from_hs6, from_version::INTEGER AS from_version, to_hs6, to_version::INTEGER AS to_version, relationship
    FROM nom.hs_correlations WHERE to_version = ${v} AND from_hs6 BETWEEN ${lo} AND ${hi}
    UNION ALL
    SELECT to_hs6, to_version::INTEGER, from_hs6, from_version::INTEGER,
           CASE relationship WHEN '1:n' THEN 'n:1' WHEN 'n:1' THEN '1:n' ELSE relationship END
    FROM nom.hs_correlations WHERE from_version = ${v} AND to_hs6 BETWEEN ${lo} AND ${hi}
    ORDER BY from_version, from_hs6, to_hs6`;
  return db.query(sql, CONCORDANCE_FIELDS, b.values);
}
