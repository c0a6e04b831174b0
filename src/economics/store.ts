import type { Database } from '../store/duckdb.js';
import type { EconomicsCatalogue } from './catalogue.js';
import { historyPage, type HistoryPage, type HistoryRequest } from './history.js';

/**
 * What the economics operations read. The catalogue (countries, indicators, series
 * and their latest values) is held in memory; observations are read on demand. A
 * caching layer or another engine implements the same interface.
 */
export interface EconomicsStore {
  readonly catalogue: EconomicsCatalogue;
  history(request: HistoryRequest): Promise<HistoryPage>;
}

/** Economics read from a snapshot's DuckDB file (attached as `econ`). */
export class DuckDbEconomicsStore implements EconomicsStore {
  constructor(
    private readonly db: Database,
    readonly catalogue: EconomicsCatalogue,
  ) {}

  history(request: HistoryRequest): Promise<HistoryPage> {
    return historyPage(this.db, request);
  }
}
