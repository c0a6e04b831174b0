import { EconomicsCatalogue } from './economics/catalogue.js';
import { LazyObservations, ObservationArrays } from './economics/observations.js';
import { MemoryEconomicsStore, type EconomicsStore } from './economics/store.js';
import { ApiError } from './errors.js';
import type { Database } from './store/duckdb.js';
import { SnapshotStore, type LoadContent, type SnapshotStoreOptions } from './store/serving.js';
import { TradeCatalogue } from './trade/catalogue.js';
import { DuckDbTradeStore, readSumsAhead, type TradeStore } from './trade/store.js';

/** What a server keeps in memory of each snapshot: the catalogues of its datasets, and the economics observations. */
export interface Datasets {
  economics: EconomicsCatalogue;
  observations: LazyObservations;
  /** Undefined when the snapshot holds no trade data. */
  trade: TradeCatalogue | undefined;
}

export const loadDatasets: LoadContent<Datasets> = async (db, files) => {
  // The two catalogues are read side by side, on connections of their own.
  const [economics, trade] = await Promise.all([
    EconomicsCatalogue.load(db),
    files.trade ? TradeCatalogue.load(db, 'trade', files.nomenclature ? 'nom' : 'trade') : undefined,
  ]);
  if (trade) readSumsAhead(db);
  return { economics, observations: new LazyObservations(() => ObservationArrays.load(db)), trade };
};

export type DatasetStore = SnapshotStore<Datasets>;

/** The store of served snapshots, each opened with its economics and trade catalogues. */
export function datasetStore(opts: Omit<SnapshotStoreOptions<Datasets>, 'load'>): DatasetStore {
  return new SnapshotStore({ ...opts, load: loadDatasets });
}

/**
 * The stores the operations read, over one snapshot and one request's deadline.
 * Nothing wraps them: whole answers are cached further up, where an operation is
 * served (`operations/serve.ts`, with `http/response-cache.ts`), and a request
 * reaches a store only when its answer is not in that cache.
 */
export class Stores {
  constructor(
    private readonly db: Database,
    private readonly datasets: Datasets,
  ) {}

  get economics(): EconomicsStore {
    return new MemoryEconomicsStore(this.datasets.economics, this.datasets.observations);
  }

  /** 503 when the snapshot holds no trade data. */
  get trade(): TradeStore {
    if (!this.datasets.trade) throw new ApiError('provider_unavailable', 'This snapshot holds no trade data.');
    return new DuckDbTradeStore(this.db, this.datasets.trade);
  }
}
