import type { Database } from '../store/duckdb.js';
import type { EconomicsCatalogue } from './catalogue.js';
import { duckDbObservations, historyPage, type HistoryPage, type HistoryRequest } from './history.js';
import type { LazyObservations } from './observations.js';

/**
 * What the economics operations read. The catalogue (countries, indicators, series
 * and their latest values) is held in memory; so are the observations, by default.
 */
export interface EconomicsStore {
  readonly catalogue: EconomicsCatalogue;
  history(request: HistoryRequest): Promise<HistoryPage>;
}

/** Economics from memory: the catalogue and every observation of the snapshot (the serving path). */
export class MemoryEconomicsStore implements EconomicsStore {
  constructor(
    readonly catalogue: EconomicsCatalogue,
    private readonly observations: LazyObservations,
  ) {}

  async history(request: HistoryRequest): Promise<HistoryPage> {
    return historyPage((await this.observations.get()).read, request);
  }
}

/** Economics observations read from a snapshot's DuckDB file (attached as `econ`) on each request. */
export class DuckDbEconomicsStore implements EconomicsStore {
  constructor(
    private readonly db: Database,
    readonly catalogue: EconomicsCatalogue,
  ) {}

  history(request: HistoryRequest): Promise<HistoryPage> {
    return historyPage(duckDbObservations(this.db), request);
  }
}
