import { EconomicsCatalogue } from './economics/catalogue.js';
import { ECONOMICS_FILE_SCHEMA } from './economics/file-schema.js';
import { LazyObservations, ObservationArrays } from './economics/observations.js';
import { MemoryEconomicsStore, type EconomicsStore } from './economics/store.js';
import { ApiError } from './errors.js';
import type { Database } from './store/duckdb.js';
import { SnapshotStore, type LoadContent, type Snapshot, type SnapshotStoreOptions } from './store/serving.js';
import { TradeEditions } from './trade/editions.js';
import { TradeCatalogue } from './trade/catalogue.js';
import { NOMENCLATURE_FILE_SCHEMA, TRADE_FILE_SCHEMA } from './trade/file-format/index.js';
import type { SnapshotSchema } from './store/snapshot-schema.js';
import { holdSums, type SumsInMemory } from './trade/memory-sums.js';
import { TradeRequest } from './trade/request.js';
import { ComplexityCache } from './trade/complexity/cache.js';
import { COMPLEXITY_CACHE_MB_DEFAULT } from './settings.js';
import { computeOffThread } from './trade/complexity/pool.js';
import { readSumsAhead } from './trade/store.js';
import { writeListingFilesAhead, type ListingFileReport } from './trade/listing-files.js';
import { warmCopiesAhead } from './trade/warm-copies.js';

/** What a server keeps in memory of each snapshot: the catalogues of its datasets, and the economics observations. */
export interface Datasets {
  economics: EconomicsCatalogue;
  observations: LazyObservations;
  /** Undefined when the snapshot holds no trade data. */
  trade: TradeCatalogue | undefined;
  /** The HS editions trade answers in besides as reported (none without trade data). */
  editions: TradeEditions;
  /** The economic complexity years computed from this snapshot's flows. */
  complexity: ComplexityCache;
}

/** How a server keeps each snapshot: its trade sums, and the bytes its computed complexity years may take. */
export interface KeptInMemory extends SumsInMemory {
  complexityCacheBytes?: number;
  /** Whether the listings of a country, pair or product are read from files written as a snapshot opens (true). */
  listingFiles?: boolean;
  /** The rows a page of one country's products may scan in a listing file (`SCAN_ROWS_MAX_DEFAULT`). */
  listingScanRows?: number;
  /** Bytes of memory for the listings: their flows, entries and copied rows (unbounded when absent). */
  listingMemoryBytes?: number;
  /** Whether the sorted copies are read into DuckDB's buffers when a snapshot opens (default true). */
  warmCopies?: boolean;
  /** Hears what became of each listing file a snapshot's opening started writing. */
  onListingFile?: (report: ListingFileReport) => void;
}

/** Reads what a server keeps in memory of a snapshot, its trade sums held as `sums` asks. */
export const loadDatasets =
  ({
    complexityCacheBytes = COMPLEXITY_CACHE_MB_DEFAULT * 2 ** 20,
    listingFiles = true,
    listingScanRows,
    listingMemoryBytes,
    warmCopies = true,
    onListingFile,
    ...sums
  }: KeptInMemory): LoadContent<Datasets> =>
  async (db, files) => {
    holdSums({ trade: db, editions: files.editions.values(), proving: files.proving }, sums);
    // The catalogues are read side by side, on connections of their own.
    const [economics, trade, editions] = await Promise.all([
      EconomicsCatalogue.load(db),
      files.trade ? TradeCatalogue.load(db, 'trade', files.nomenclature ? 'nom' : 'trade') : undefined,
      files.trade ? TradeEditions.load(db, files) : new TradeEditions([], new Map(), false),
    ]);
    if (trade) readSumsAhead(db);
    if (trade && listingFiles && !files.proving && db.filesDirectory)
      writeListingFilesAhead(db, db.filesDirectory, {
        ...(onListingFile ? { report: onListingFile } : {}),
        ...(listingScanRows === undefined ? {} : { scanRowsMax: listingScanRows }),
        ...(listingMemoryBytes === undefined ? {} : { memoryBytes: listingMemoryBytes }),
      });
    if (trade && warmCopies && !files.proving) warmCopiesAhead(db);
    return {
      economics,
      observations: new LazyObservations(() => ObservationArrays.load(db)),
      trade,
      editions,
      complexity: new ComplexityCache(complexityCacheBytes, (year, thresholds) =>
        computeOffThread({ year, thresholds }),
      ),
    };
  };

/** What each file of a served snapshot may hold: the tables and columns the builds write. */
export const SNAPSHOT_SCHEMA: SnapshotSchema = {
  economics: ECONOMICS_FILE_SCHEMA,
  trade: TRADE_FILE_SCHEMA,
  nomenclature: NOMENCLATURE_FILE_SCHEMA,
};

export type DatasetStore = SnapshotStore<Datasets>;

/** The store of served snapshots, each opened with its economics and trade catalogues. */
export function datasetStore(
  opts: Omit<SnapshotStoreOptions<Datasets>, 'load' | 'schema'> & KeptInMemory,
): DatasetStore {
  // Each side reads only its own options.
  return new SnapshotStore({ ...opts, load: loadDatasets(opts), schema: SNAPSHOT_SCHEMA });
}

/**
 * The stores the operations read, over one snapshot and one request's deadline.
 * Nothing wraps them: whole answers are cached further up, where an operation is
 * served (`operations/pipeline/serve.ts`, with `http/response-cache.ts`), and a request
 * reaches a store only when its answer is not in that cache.
 */
export class Stores {
  private readonly db: Database;
  private readonly datasets: Datasets;

  /**
   * `view`: a database of the snapshot as this request reads it (its deadline, its lane);
   * `headers`: the answer's, where trade puts the count of the flows an edition leaves out.
   */
  constructor(
    snapshot: Snapshot<Datasets>,
    private readonly view: (db: Database) => Database,
    private readonly headers: Record<string, string> = {},
  ) {
    this.db = view(snapshot.db);
    this.datasets = snapshot.content;
  }

  get economics(): EconomicsStore {
    return new MemoryEconomicsStore(this.datasets.economics, this.datasets.observations);
  }

  /**
   * Trade in HS edition `hsVersion` (422 unless its conversion table is loaded), as
   * reported when it is absent; 503 when the snapshot holds no trade data.
   */
  trade(hsVersion?: number): TradeRequest {
    const { trade: catalogue, editions, complexity } = this.datasets;
    if (!catalogue) throw new ApiError('provider_unavailable', 'This snapshot holds no trade data.');
    return new TradeRequest({ db: this.db, catalogue, editions, complexity, view: this.view }, hsVersion, this.headers);
  }
}
