import type { Database } from '../store/duckdb.js';
import type { FileStream, FileFormat } from '../store/file-stream.js';
import type { AdvantageQuery, AdvantageRow } from './advantage.js';
import type { AnnualRows } from './annual-listing.js';
import type { AggregateRow, Aggregation } from './annual-sums.js';
import type { CodeRange, TradeCatalogue } from './catalogue.js';
import type { ConcordanceRow } from './concordance.js';
import { defaultEdition, type TradeEditions } from './editions.js';
import type { TradeFilter } from './filter.js';
import { filterIdentity } from './keyset.js';
import type { MonthlyFilter } from './monthly-filter.js';
import type { MonthlyRows } from './monthly-listing.js';
import type { MonthlyGroup, MonthlyGrouping } from './monthly-sums.js';
import { DuckDbTradeStore, type ListingRequest, type TradeStore } from './store.js';
import type { ComplexityCache, ComplexityKey } from './complexity/cache.js';
import type { Complexity, YearExports } from './complexity/measures.js';
import type { ComplexityLevel } from './complexity/year-exports.js';

/** The header that counts the flows an answer in an HS edition leaves out (CONTRACT §4). */
export const EXCLUDED_FLOWS_HEADER = 'x-hs-excluded-flows';

/** The trade of a snapshot as a request reads it: its databases (under the request's deadline) and catalogue. */
export interface TradeSource {
  /** The trade file's database, as the request reads it. */
  db: Database;
  catalogue: TradeCatalogue;
  editions: TradeEditions;
  /** The snapshot's computed complexity years. */
  complexity: ComplexityCache;
  /** A database of the snapshot (an edition file's) as the request reads it. */
  view: (db: Database) => Database;
}

/**
 * Trade in the HS edition one request asks for (as reported when it asks for none;
 * 422 unless a conversion table of the edition is loaded). It reads as a store does,
 * and each read of a filter's flows first puts the count of those the edition leaves
 * out in the answer's `x-hs-excluded-flows` header (0 as reported).
 */
export class TradeRequest implements TradeStore {
  private readonly store: TradeStore;
  /** The count of each filter read, by filter: reading one several times counts it once. */
  private readonly counted = new WeakMap<object, Promise<void>>();

  constructor(
    private readonly source: TradeSource,
    /** The edition asked for; undefined: as reported. */
    readonly edition: number | undefined,
    /** The answer's headers, where the count goes. */
    private readonly headers: Record<string, string>,
  ) {
    if (edition !== undefined) source.editions.check(edition);
    const file = edition === undefined ? undefined : source.editions.file(edition);
    this.store = file
      ? new DuckDbTradeStore(source.view(file.db), file.catalogue)
      : new DuckDbTradeStore(source.db, source.catalogue);
  }

  /** The catalogue of the edition's flows (the trade file's as reported). */
  get catalogue(): TradeCatalogue {
    return this.store.catalogue;
  }

  /** The editions of the loaded HS conversion tables, ascending. */
  get editionsLoaded(): readonly number[] {
    return this.source.editions.loaded;
  }

  /** 422 unless a conversion table of edition `hsVersion` is loaded. */
  checkEdition(hsVersion: number): void {
    this.source.editions.check(hsVersion);
  }

  /** The edition a country's RCA of `year` is computed in when none is asked for (see `defaultEdition`). */
  defaultEdition(year: number): number {
    return defaultEdition(this.source.catalogue, { year, loaded: this.editionsLoaded });
  }

  /** What a cursor of a listing of `filter` is bound to: the resolved filter and the edition. */
  identity(filter: TradeFilter | MonthlyFilter): unknown[] {
    return [filterIdentity(this.catalogue, filter), this.edition ?? null];
  }

  async observations(filter: TradeFilter, page: ListingRequest): Promise<AnnualRows> {
    await this.countAnnual(filter);
    return this.store.observations(filter, page);
  }

  /** As reported only: another edition's read first counts the flows it leaves out (a query). */
  listedFromFiles(filter: TradeFilter, limit: number): boolean {
    return this.edition === undefined && this.store.listedFromFiles(filter, limit);
  }

  async aggregate(filter: TradeFilter, aggregation: Aggregation): Promise<AggregateRow[]> {
    await this.countAnnual(filter);
    return this.store.aggregate(filter, aggregation);
  }

  async monthlyObservations(filter: MonthlyFilter, page: ListingRequest): Promise<MonthlyRows> {
    await this.countMonthly(filter);
    return this.store.monthlyObservations(filter, page);
  }

  async monthlyGroups(filter: MonthlyFilter, grouping: MonthlyGrouping): Promise<MonthlyGroup[]> {
    await this.countMonthly(filter);
    return this.store.monthlyGroups(filter, grouping);
  }

  /** Every exporter's flows of the year count toward the world's: those left out are counted. */
  async advantage(query: AdvantageQuery): Promise<AdvantageRow[]> {
    await this.countAnnual({ terms: [{ partnerSide: 'importer' }], from: query.year, to: query.year });
    return this.store.advantage(query);
  }

  latestExportYear(countries: number[]): Promise<number | undefined> {
    return this.store.latestExportYear(countries);
  }

  yearExports(q: { year: number; edition: number; level: ComplexityLevel }): Promise<YearExports> {
    return this.store.yearExports(q);
  }

  /**
   * The economic complexity of a year in an edition (null when it has none): kept
   * computed for the snapshot, shared by the requests that ask for it while it is
   * computed, and waited for no longer than this request's deadline.
   */
  async complexity(key: ComplexityKey): Promise<Complexity | null> {
    await this.countAnnual({ terms: [{ partnerSide: 'importer' }], from: key.year, to: key.year });
    const { level, year, edition } = key;
    return this.source.db.waitFor(
      this.source.complexity.get(key, () => this.store.yearExports({ year, edition, level })),
    );
  }

  concordance(range: CodeRange, to: number): Promise<ConcordanceRow[]> {
    return this.store.concordance(range, to);
  }

  async extract(
    filter: TradeFilter,
    file: { years: { from: number; to: number }; format: FileFormat; signal: AbortSignal },
  ): Promise<FileStream> {
    await this.countAnnual(filter);
    return this.store.extract(filter, file);
  }

  private countAnnual(filter: TradeFilter): Promise<void> {
    return this.count(filter, (v) => this.source.editions.excludedAnnual(this.source.db, v, filter));
  }

  private countMonthly(filter: MonthlyFilter): Promise<void> {
    return this.count(filter, (v) => this.source.editions.excludedMonthly(this.source.db, v, filter));
  }

  private count(filter: object, excluded: (hsVersion: number) => Promise<number>): Promise<void> {
    let done = this.counted.get(filter);
    if (!done) {
      const n = this.edition === undefined ? Promise.resolve(0) : excluded(this.edition);
      done = n.then((count) => {
        this.headers[EXCLUDED_FLOWS_HEADER] = String(count);
      });
      this.counted.set(filter, done);
    }
    return done;
  }
}
