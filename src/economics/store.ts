import type { EconomicsCatalogue } from './catalogue.js';
import { historyPage, type HistoryPage, type HistoryRequest } from './history.js';
import type { LazyObservations } from './observations.js';
import type { RawPoint } from './transforms.js';

/**
 * What the economics operations read. The catalogue (countries, indicators, series
 * and their latest values) is held in memory; so are the observations, once the
 * first history request has read them from the snapshot.
 */
export interface EconomicsStore {
  readonly catalogue: EconomicsCatalogue;
  history(request: HistoryRequest): Promise<HistoryPage>;
  /** The points of each series as known at the end of `asOf` (`YYYY-MM-DD`), in date order. */
  pointsAsOf(seriesIds: string[], asOf: string): Promise<Map<string, RawPoint[]>>;
  /** The days the data of each series changed, ascending. */
  vintageDates(seriesIds: string[]): Promise<Map<string, string[]>>;
  /** The current points of one series between two dates (inclusive, either open), in date order. */
  seriesPoints(seriesId: string, window: { from?: string; to?: string }): Promise<RawPoint[]>;
  /** How many current points one series has between two dates (inclusive, either open). */
  countPoints(seriesId: string, window: { from?: string; to?: string }): Promise<number>;
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

  async pointsAsOf(seriesIds: string[], asOf: string): Promise<Map<string, RawPoint[]>> {
    return (await this.observations.get()).read(seriesIds, { asOf });
  }

  async seriesPoints(seriesId: string, window: { from?: string; to?: string }): Promise<RawPoint[]> {
    return (await this.observations.get()).points(seriesId, window);
  }

  async countPoints(seriesId: string, window: { from?: string; to?: string }): Promise<number> {
    return (await this.observations.get()).count(seriesId, window);
  }

  async vintageDates(seriesIds: string[]): Promise<Map<string, string[]>> {
    const arrays = await this.observations.get();
    return new Map(seriesIds.map((id) => [id, arrays.vintageDates(id)]));
  }
}
