import type { EconomicsObservation } from '../types.js';

/** What an incremental answer (`updatedAfter`) brought: new or revised observations, and withdrawn ones. */
export interface Increment {
  observations: readonly EconomicsObservation[];
  /** Series and dates the agency withdrew (their values are not read). */
  withdrawn: readonly EconomicsObservation[];
}

const keyOf = (o: EconomicsObservation) => `${o.country_id}.${o.kpi_id}|${o.frequency}|${o.date}`;

/**
 * A source's whole fetched history after an incremental answer: the kept
 * observations, less the withdrawn ones, with the answer's observations added or put
 * in place of the kept ones of the same series and date. An answer with only what
 * changed thus never drops the dates it does not mention. Sorted by series and date.
 */
export function mergeIncrement(kept: readonly EconomicsObservation[], increment: Increment): EconomicsObservation[] {
  const merged = new Map(kept.map((o) => [keyOf(o), o]));
  for (const w of increment.withdrawn) merged.delete(keyOf(w));
  for (const o of increment.observations) merged.set(keyOf(o), o);
  return [...merged.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, o]) => o);
}
