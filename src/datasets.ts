import { EconomicsCatalogue } from './economics/catalogue.js';
import { ECONOMICS_FILE_SCHEMA } from './economics/file-schema.js';
import { LazyObservations, ObservationArrays } from './economics/observations.js';
import { MemoryEconomicsStore, type EconomicsStore } from './economics/store.js';
import { ApiError } from './errors.js';
import type { Database } from './store/duckdb.js';
import { SnapshotStore, type LoadContent, type Snapshot, type SnapshotStoreOptions } from './store/serving.js';
import { TradeEditions, storeIn } from './trade/editions.js';
import type { TradeFilter } from './trade/filter.js';
import type { MonthlyFilter } from './trade/monthly-filter.js';
import { TradeCatalogue } from './trade/catalogue.js';
import { NOMENCLATURE_FILE_SCHEMA, TRADE_FILE_SCHEMA } from './trade/file-schema.js';
import type { SnapshotSchema } from './store/snapshot-schema.js';
import { DuckDbTradeStore, readSumsAhead, type TradeStore } from './trade/store.js';

/** What a server keeps in memory of each snapshot: the catalogues of its datasets, and the economics observations. */
export interface Datasets {
  economics: EconomicsCatalogue;
  observations: LazyObservations;
  /** Undefined when the snapshot holds no trade data. */
  trade: TradeCatalogue | undefined;
  /** The HS editions trade answers in besides as reported (none without trade data). */
  editions: TradeEditions;
}

export const loadDatasets: LoadContent<Datasets> = async (db, files) => {
  // The catalogues are read side by side, on connections of their own.
  const [economics, trade, editions] = await Promise.all([
    EconomicsCatalogue.load(db),
    files.trade ? TradeCatalogue.load(db, 'trade', files.nomenclature ? 'nom' : 'trade') : undefined,
    files.trade ? TradeEditions.load(db, files) : new TradeEditions([], new Map(), false),
  ]);
  if (trade) readSumsAhead(db);
  return { economics, observations: new LazyObservations(() => ObservationArrays.load(db)), trade, editions };
};

/** What each file of a served snapshot may hold: the tables and columns the builds write. */
export const SNAPSHOT_SCHEMA: SnapshotSchema = {
  economics: ECONOMICS_FILE_SCHEMA,
  trade: TRADE_FILE_SCHEMA,
  nomenclature: NOMENCLATURE_FILE_SCHEMA,
};

export type DatasetStore = SnapshotStore<Datasets>;

/** The store of served snapshots, each opened with its economics and trade catalogues. */
export function datasetStore(opts: Omit<SnapshotStoreOptions<Datasets>, 'load' | 'schema'>): DatasetStore {
  return new SnapshotStore({ ...opts, load: loadDatasets, schema: SNAPSHOT_SCHEMA });
}

/**
 * The stores the operations read, over one snapshot and one request's deadline.
 * Nothing wraps them: whole answers are cached further up, where an operation is
 * served (`operations/serve.ts`, with `http/response-cache.ts`), and a request
 * reaches a store only when its answer is not in that cache.
 */
export class Stores {
  private readonly db: Database;
  private readonly datasets: Datasets;

  /** `view`: a database of the snapshot as this request reads it (its deadline, its lane). */
  constructor(
    private readonly snapshot: Snapshot<Datasets>,
    private readonly view: (db: Database) => Database,
  ) {
    this.db = view(snapshot.db);
    this.datasets = snapshot.content;
  }

  get economics(): EconomicsStore {
    return new MemoryEconomicsStore(this.datasets.economics, this.datasets.observations);
  }

  /** 503 when the snapshot holds no trade data. */
  get trade(): TradeStore {
    if (!this.datasets.trade) throw new ApiError('provider_unavailable', 'This snapshot holds no trade data.');
    return new DuckDbTradeStore(this.db, this.datasets.trade);
  }

  /** The editions of the loaded HS conversion tables, ascending. */
  get editionsLoaded(): readonly number[] {
    return this.datasets.editions.loaded;
  }

  /** The HS editions trade answers in (those of the loaded conversion tables); 422 for another. */
  checkEdition(hsVersion: number): void {
    this.datasets.editions.check(hsVersion);
  }

  /**
   * Trade in HS edition `hsVersion` (422 unless its conversion table is loaded), and
   * the count of matching flows it leaves out; as reported when `hsVersion` is absent.
   */
  tradeIn(hsVersion: number | undefined): EditionStores {
    const reported = this.trade;
    if (hsVersion === undefined) return { store: reported, excludedAnnual: zero, excludedMonthly: zero };
    const { editions } = this.datasets;
    this.checkEdition(hsVersion);
    const edition = this.snapshot.edition(hsVersion);
    const dbs = { trade: this.db, edition: edition && this.view(edition) };
    const store = storeIn(editions.file(hsVersion), dbs, reported.catalogue);
    return {
      store,
      excludedAnnual: (filter) => editions.excludedAnnual(this.db, hsVersion, filter),
      excludedMonthly: (filter) => editions.excludedMonthly(this.db, hsVersion, filter),
    };
  }
}

const zero = () => Promise.resolve(0);

/** Trade in one edition: its store, and how many flows of a filter it leaves out. */
export interface EditionStores {
  store: TradeStore;
  excludedAnnual(filter: TradeFilter): Promise<number>;
  excludedMonthly(filter: MonthlyFilter): Promise<number>;
}
