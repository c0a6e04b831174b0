import type { EconomicsCatalogue } from './catalogue.js';
import { historyPage, type HistoryPage, type HistoryRequest } from './history.js';
import type { LazyObservations } from './observations.js';

/**
 * What the economics operations read. The catalogue (countries, indicators, series
 * and their latest values) is held in memory; so are the observations, once the
 * first history request has read them from the snapshot.
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
