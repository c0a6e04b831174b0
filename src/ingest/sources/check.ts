import { feedTable, feedsOf } from './feeds.js';
import type { PlacedSource } from './validate.js';

/**
 * The checks of the source catalogue across its files, once each file matches the
 * schema: ids unique, every kpi_id and country_id one of the economics catalogue,
 * and no kpi_id × country_id fed by two sources unless one of them is a fallback.
 * One line per problem, naming the file and the field (and both sources of a clash).
 */

/** The economics catalogue the sources map to. */
export interface CatalogueIds {
  kpiIds: readonly string[];
  countryIds: readonly string[];
}

const where = (p: { file: string; pointer: string }, field = '') => `${p.file}: ${p.pointer}${field}`;

export function catalogueProblems(sources: readonly PlacedSource[], ids: CatalogueIds): string[] {
  const problems: string[] = [];
  const kpis = new Set(ids.kpiIds);
  const countries = new Set(ids.countryIds);

  const seen = new Map<string, PlacedSource>();
  for (const placed of sources) {
    const first = seen.get(placed.source.id);
    if (first) {
      problems.push(`${where(placed, '/id')}: duplicate source id "${placed.source.id}" (also ${where(first, '/id')})`);
    } else {
      seen.set(placed.source.id, placed);
    }
  }

  for (const placed of sources) {
    const reported = new Set<string>();
    for (const feed of feedsOf(placed.source, ids.countryIds)) {
      if (!kpis.has(feed.kpi_id) && !reported.has(feed.kpiPointer)) {
        reported.add(feed.kpiPointer);
        problems.push(`${where(placed, feed.kpiPointer)}: unknown kpi_id "${feed.kpi_id}"`);
      }
      if (!countries.has(feed.country_id) && !reported.has(feed.countryPointer)) {
        reported.add(feed.countryPointer);
        problems.push(`${where(placed, feed.countryPointer)}: unknown country_id "${feed.country_id}"`);
      }
    }
  }

  // Two sources without `fallback` on one pair: one line per two sources, naming the pairs they share.
  const clashes = new Map<string, { a: PlacedSource; b: PlacedSource; pairs: string[] }>();
  for (const [pair, feeds] of feedTable(sources, ids.countryIds)) {
    const [first, ...others] = feeds.primary;
    for (const other of others) {
      if (!first || other.source.id === first.source.id) continue;
      const key = `${where(first)}\u0000${where(other)}`;
      const clash = clashes.get(key) ?? { a: first, b: other, pairs: [] };
      clash.pairs.push(pair);
      clashes.set(key, clash);
    }
  }
  for (const { a, b, pairs } of clashes.values()) {
    const shown = pairs.slice(0, 5).join(', ') + (pairs.length > 5 ? `, … (${pairs.length} in all)` : '');
    problems.push(
      `${where(b)}: source "${b.source.id}" feeds ${shown}, also fed by "${a.source.id}" (${where(a)}): ` +
        'set "fallback": true on one of them',
    );
  }
  return problems;
}
