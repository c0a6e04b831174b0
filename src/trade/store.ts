import { tableNames, type Database } from '../store/duckdb.js';
import { sumsInMemory } from './memory-sums.js';
import { latestExportYear, revealedAdvantage, type AdvantageQuery, type AdvantageRow } from './advantage.js';
import type { CodeRange, TradeCatalogue } from './catalogue.js';
import { copyViews } from './file-format/index.js';
import { concordance, type ConcordanceRow } from './concordance.js';
import { extractSql } from './extract.js';
import type { YearExports } from './complexity/measures.js';
import { readYearExports, type ComplexityLevel } from './complexity/year-exports.js';
import { streamFile, type FileFormat, type FileStream } from '../store/file-stream.js';
import type { TradeFilter } from './filter.js';
import { listingBound, type ListingPosition } from './keyset.js';
import { PairSums } from './pair-sums.js';
import { AggregateSlices } from './slices.js';
import { annualObservations, listedFromFiles, type AnnualRows } from './annual-listing.js';
import { annualAggregate, type AggregateRow, type Aggregation } from './annual-sums.js';
import type { MonthlyFilter } from './monthly-filter.js';
import { monthlyObservations, type MonthlyRows } from './monthly-listing.js';
import { monthlyGrouped, type MonthlyGroup, type MonthlyGrouping } from './monthly-sums.js';

/** A page of a listing: up to `limit` rows, those sorted after `after` when given. */
export interface ListingRequest {
  limit: number;
  after?: ListingPosition;
}

/**
 * What the trade operations read. The catalogue (countries, products, coverage,
 * sources) is held in memory; flows are read on demand. `DuckDbTradeStore` is the one
 * implementation; whole answers are cached above it, where an operation is served
 * (`operations/pipeline/serve.ts`, with `http/response-cache.ts`), not around it.
 */
export interface TradeStore {
  readonly catalogue: TradeCatalogue;
  /** Annual observations (exporter, importer, product, year), by year, largest first. */
  observations(filter: TradeFilter, page: ListingRequest): Promise<AnnualRows>;
  /** Whether the first `limit` rows of `observations` of `filter` are read from the listing files (cheap) now. */
  listedFromFiles(filter: TradeFilter, limit: number): boolean;
  /** Annual sums grouped by year, a country side or product. */
  aggregate(filter: TradeFilter, aggregation: Aggregation): Promise<AggregateRow[]>;
  monthlyObservations(filter: MonthlyFilter, page: ListingRequest): Promise<MonthlyRows>;
  monthlyGroups(filter: MonthlyFilter, grouping: MonthlyGrouping): Promise<MonthlyGroup[]>;
  /** A country's products by revealed comparative advantage in a year (see `advantage.ts`). */
  advantage(query: AdvantageQuery): Promise<AdvantageRow[]>;
  /** The latest year a country (or group) exported anything. */
  latestExportYear(countries: number[]): Promise<number | undefined>;
  /** Every exporter's exports of each product in a year, read whole for economic complexity (`year-exports.ts`). */
  yearExports(q: { year: number; edition: number; level: ComplexityLevel }): Promise<YearExports>;
  /** The codes of edition `to` the codes in `range` correspond to (see `concordance.ts`). */
  concordance(range: CodeRange, to: number): Promise<ConcordanceRow[]>;
  /** Every annual row of `filter` (within `years`) as a file streamed while it is written (see `extract.ts`). */
  extract(
    filter: TradeFilter,
    file: { years: { from: number; to: number }; format: FileFormat; signal: AbortSignal },
  ): Promise<FileStream>;
}

/** DuckDB's memory for one extract: its row groups, and the sort of one not in stored order (spilling beyond). */
const EXTRACT_MEMORY_LIMIT = '128MB';

/** Trade read from a snapshot's DuckDB file (attached as `trade`; table names in `sql.ts`). */
export class DuckDbTradeStore implements TradeStore {
  constructor(
    private readonly db: Database,
    readonly catalogue: TradeCatalogue,
  ) {}

  observations(filter: TradeFilter, page: ListingRequest): Promise<AnnualRows> {
    return annualObservations(this.db, filter, this.bound(page));
  }

  listedFromFiles(filter: TradeFilter, limit: number): boolean {
    return listedFromFiles(this.db, filter, limit);
  }

  aggregate(filter: TradeFilter, aggregation: Aggregation): Promise<AggregateRow[]> {
    return annualAggregate(this.db, filter, aggregation);
  }

  advantage(query: AdvantageQuery): Promise<AdvantageRow[]> {
    return revealedAdvantage(this.db, this.catalogue, query);
  }

  latestExportYear(countries: number[]): Promise<number | undefined> {
    return latestExportYear(this.db, countries);
  }

  /** Read without the request's deadline: the computation it feeds is shared by every request that asks for it. */
  yearExports(q: { year: number; edition: number; level: ComplexityLevel }): Promise<YearExports> {
    return readYearExports(this.db.withoutDeadline(), this.catalogue, q);
  }

  async extract(
    filter: TradeFilter,
    file: { years: { from: number; to: number }; format: FileFormat; signal: AbortSignal },
  ): Promise<FileStream> {
    const { sql, params } = extractSql(this.catalogue, filter, file.years);
    // COPY takes no parameters: the values bound are numbers the service produced, written in.
    const statement = sql.replace(/\$(\d+)/g, (_, i: string) => String(params[Number(i) - 1]));
    // On a database of its own, closed once the file is written: its reads leave no
    // cache behind in the serving one, and it holds none of the serving connections.
    const aside = await this.db.aside(EXTRACT_MEMORY_LIMIT);
    try {
      await copyViews(aside, 'trade', await tableNames(aside, 'trade'));
      const written = await streamFile(aside, { sql: statement, format: file.format, signal: file.signal });
      void written.done.finally(() => aside.close());
      return written;
    } catch (err) {
      aside.close();
      throw err;
    }
  }

  concordance(range: CodeRange, to: number): Promise<ConcordanceRow[]> {
    return concordance(this.db, range, to);
  }

  monthlyObservations(filter: MonthlyFilter, page: ListingRequest): Promise<MonthlyRows> {
    return monthlyObservations(this.db, filter, this.bound(page));
  }

  monthlyGroups(filter: MonthlyFilter, grouping: MonthlyGrouping): Promise<MonthlyGroup[]> {
    return monthlyGrouped(this.db, filter, grouping);
  }

  /** A page's position in this snapshot's country ids. */
  private bound({ limit, after }: ListingRequest) {
    return after ? { limit, after: listingBound(this.catalogue, after) } : { limit };
  }
}

/**
 * Starts reading, in the background, the aggregates whose sums are held in memory
 * (the pair sums, and slices of the product aggregates as far as their memory budget
 * goes), so that the first requests after a snapshot opens find them ready. A read
 * that fails is tried again by the first request that needs it.
 */
export function readSumsAhead(db: Database): void {
  const { memorySums, memorySumsBytes } = sumsInMemory(db);
  if (!memorySums) return;
  void PairSums.of(db).catch(() => undefined);
  if (memorySumsBytes > 0) void AggregateSlices.of(db).catch(() => undefined);
}
