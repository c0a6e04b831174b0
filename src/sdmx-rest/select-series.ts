import type { EconomicsCatalogue, Series } from '../economics/catalogue.js';
import type { EconomicsStore } from '../economics/store.js';
import { FREQ_CODES } from './dataflow.js';
import type { DataQuery } from './data-query.js';

/** A series a data message carries, with the observations it will write. */
export interface SelectedSeries {
  series: Series;
  observations: number;
}

/** When a series last changed (`last_update`, ISO 8601 in UTC), in ms; -Infinity when unknown. */
const changedAt = (s: Series) => (s.last_update ? Date.parse(s.last_update) : -Infinity);

/** How many of `n` observations first/last N keep (both: the first N and the last N, once each). */
export function keptCount(n: number, q: Pick<DataQuery, 'firstN' | 'lastN'>): number {
  if (q.firstN !== undefined && q.lastN !== undefined) return Math.min(n, q.firstN + q.lastN);
  if (q.firstN !== undefined) return Math.min(n, q.firstN);
  if (q.lastN !== undefined) return Math.min(n, q.lastN);
  return n;
}

/** The points first/last N keep, in date order. */
export function keptPoints<T>(points: readonly T[], q: Pick<DataQuery, 'firstN' | 'lastN'>): readonly T[] {
  const { firstN, lastN } = q;
  if (firstN === undefined && lastN === undefined) return points;
  if (firstN !== undefined && lastN !== undefined && firstN + lastN < points.length)
    return [...points.slice(0, firstN), ...points.slice(points.length - lastN)];
  if (firstN !== undefined && lastN === undefined) return points.slice(0, firstN);
  if (lastN !== undefined && firstN === undefined) return points.slice(Math.max(0, points.length - lastN));
  return points;
}

/**
 * The series a data query matches (its key, and `updatedAfter` against each series'
 * last change), each with the observations it holds within the periods asked, after
 * first/last N; series with none are left out. In series id order.
 */
export async function selectSeries(
  catalogue: EconomicsCatalogue,
  economics: EconomicsStore,
  q: DataQuery,
): Promise<SelectedSeries[]> {
  const freq = q.freq && new Set(q.freq);
  const area = q.area && new Set(q.area);
  const indicator = q.indicator && new Set(q.indicator);
  const selected: SelectedSeries[] = [];
  for (const s of catalogue.series) {
    if (freq && !freq.has(FREQ_CODES[s.frequency])) continue;
    if (area && !area.has(s.country_id)) continue;
    if (indicator && !indicator.has(s.kpi_id)) continue;
    if (q.updatedAfter !== undefined && !(changedAt(s) > q.updatedAfter)) continue;
    const n = keptCount(await economics.countPoints(s.series_id, { from: q.from, to: q.to }), q);
    if (n > 0) selected.push({ series: s, observations: n });
  }
  return selected;
}
