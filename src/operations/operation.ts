import type { WithSerialisedData } from '../http/serialised-data.js';
import type { Readable } from 'node:stream';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { Stores } from '../datasets.js';
import type { Lane } from '../store/duckdb.js';

/** Fields of the success envelope the pipeline fills in, never the operation. */
export type Filled = 'request_id' | 'duration_ms';

/** What an operation's handler gets: its validated parameters and the stores of the serving snapshot. */
export interface OperationInput<Q extends TSchema, P extends TSchema> {
  query: Static<Q>;
  params: Static<P>;
  stores: Stores;
  /** Headers of the answer, kept with it (`x-hs-excluded-flows`); the pipeline sends them. */
  headers: Record<string, string>;
}

/** One API operation: its URL, documentation, parameters, answer, price and handler. */
export interface Operation<Q extends TObject = TObject, P extends TObject = TObject, B extends TObject = TObject> {
  url: string;
  /** Its name in the OpenAPI document and in generated clients: camelCase, unique, never changed once published. */
  operationId: string;
  summary: string;
  /** What a 200 answer holds, as the OpenAPI document describes it. */
  returns: string;
  /**
   * The document's example of a 200 body, where the one built from the examples of
   * its schemas would mislead (a ranking whose grouping key differs from the generic row's).
   */
  example?: Omit<Static<B>, Filled>;
  tag: 'economics' | 'trade';
  /** Credits a 200 answer consumes. */
  cost: number;
  /** The DuckDB lane of its queries (default heavy); light when every query is bounded by an index. */
  lane?: Lane;
  /**
   * `heavy`: an answer that reads or sums many rows (a listing, a ranking, markets, a
   * summary). A few are computed at once (`HEAVY_CONCURRENCY`), the others wait their
   * turn, so a cheap answer never waits behind many. Others are computed at once.
   */
  weight?: 'heavy';
  /**
   * For a heavy operation, whether this request's answer is cheap after all (computed
   * at once), from the handler's input: a listing whose pages are read from the
   * listing files costs what a cheap answer does.
   */
  cheap?(input: OperationInput<Q, P>): boolean;
  query?: Q;
  params?: P;
  /** The 200 body, envelope included (see `http/schemas.ts`). */
  body: B;
  /**
   * Serialise the answer with JSON.stringify instead of the schema serializer: a
   * union in the body makes the latter try every item against each branch.
   */
  plainSerializer?: boolean;
  handler(
    input: OperationInput<Q, P>,
  ): Promise<WithSerialisedData<Omit<Static<B>, Filled>>> | WithSerialisedData<Omit<Static<B>, Filled>>;
}

/** Declares an operation; the types of `query`, `params` and the answer flow from its schemas. */
export function defineOperation<Q extends TObject, P extends TObject, B extends TObject>(
  operation: Operation<Q, P, B>,
): Operation<Q, P, B> {
  return operation;
}

/** What a download's handler gets: its parameters, the stores, the answer's headers, and what ends it. */
export interface DownloadInput<Q extends TSchema> {
  query: Static<Q>;
  stores: Stores;
  headers: Record<string, string>;
  /** Aborted when the client leaves: the writing stops. */
  signal: AbortSignal;
  /** Raises the answer's price to `credits` before any byte is sent (403 quota_exceeded when the key lacks them). */
  charge(credits: number): Promise<void>;
}

/** A file answer: its bytes as they are written, when the writing ends, and how it is named. */
export interface Download {
  stream: Readable;
  done: Promise<void>;
  contentType: string;
  filename: string;
}

/**
 * An operation whose 200 answer is a file written while it is sent (an extract)
 * instead of a kept JSON body: not cached, priced by the handler (`cost` is its least).
 */
export interface DownloadOperation<Q extends TObject = TObject> {
  url: string;
  operationId: string;
  summary: string;
  returns: string;
  tag: 'trade';
  cost: number;
  query: Q;
  /** The CSV form of a typical file, for the documentation. */
  csvExample: string;
  /** Checks and prices the request, then starts writing the file. */
  download(input: DownloadInput<Q>): Promise<Download>;
}

export function defineDownload<Q extends TObject>(operation: DownloadOperation<Q>): DownloadOperation<Q> {
  return operation;
}
