import { UNVERIFIED } from './schema.js';
import { feedTable, pairKey } from './feeds.js';
import type { CatalogueIds } from './check.js';
import type { PlacedSource } from './validate.js';

/**
 * `update plan`: for every indicator × country of the economics catalogue, the source
 * that feeds it (or none), its fallbacks, and the counts: pairs covered, sources whose
 * keys a recorded message confirms and sources still unverified.
 */

export interface PlanRow {
  kpi_id: string;
  country_id: string;
  /** The id of the source that feeds the pair, null for none. */
  source: string | null;
  /** Sources used where `source` has no series, in catalogue order. */
  fallbacks: string[];
}

export interface PlanSummary {
  /** Pairs with a source (a fallback counts). */
  covered: number;
  /** Indicators × countries of the economics catalogue. */
  total: number;
  sources: number;
  verified: number;
  unverified: number;
}

export interface Plan {
  rows: PlanRow[];
  summary: PlanSummary;
}

/** The plan of a checked catalogue (rows indicator by indicator, countries in catalogue order). */
export function buildPlan(sources: readonly PlacedSource[], ids: CatalogueIds): Plan {
  const table = feedTable(sources, ids.countryIds);
  const rows: PlanRow[] = [];
  for (const kpi_id of ids.kpiIds) {
    for (const country_id of ids.countryIds) {
      const feeds = table.get(pairKey(kpi_id, country_id));
      const ordered = [...(feeds?.primary ?? []), ...(feeds?.fallbacks ?? [])].map((f) => f.source.id);
      const [source = null, ...fallbacks] = ordered;
      rows.push({ kpi_id, country_id, source, fallbacks });
    }
  }
  const unverified = sources.filter((s) => s.source.verified_by === UNVERIFIED).length;
  return {
    rows,
    summary: {
      covered: rows.filter((r) => r.source !== null).length,
      total: rows.length,
      sources: sources.length,
      verified: sources.length - unverified,
      unverified,
    },
  };
}

/** The summary as one line. */
export function summaryLine(s: PlanSummary): string {
  return (
    `covered ${s.covered} of ${s.total} indicator × country pairs (${s.total - s.covered} with no source); ` +
    `${s.sources} sources: ${s.verified} verified by a recorded message, ${s.unverified} unverified`
  );
}

/** The plan as text: one line per pair (`KPI  COUNTRY  source [fallback …]`), then the summary. */
export function formatPlan(plan: Plan): string {
  const kpiWidth = Math.max(...plan.rows.map((r) => r.kpi_id.length), 6);
  const lines = plan.rows.map((r) => {
    const fed = r.source ?? 'no source';
    const fallbacks = r.fallbacks.length ? ` (fallback: ${r.fallbacks.join(', ')})` : '';
    return `${r.kpi_id.padEnd(kpiWidth)}  ${r.country_id}  ${fed}${fallbacks}`;
  });
  return [...lines, summaryLine(plan.summary)].join('\n');
}
