import { ApiError } from '../errors.js';
import {
  cursorPosition,
  encodeCursor,
  openCursor,
  otherQuery,
  queryFingerprint,
  type CursorKey,
  type OpenCursor,
} from './cursor.js';

/**
 * Keyset paging of the listings that page (`/v1/history`, `/v1/trade`,
 * `/v1/trade/monthly`), written once: a walk opens the request's cursor, binds it to
 * the resolved query, reads the rows after the position it names, and writes the
 * cursor after the page's last row. Cursors are those of `cursor.ts`.
 */

/** How a listing writes its positions as cursor keys, and reads them back. */
export interface PositionKeys<P> {
  /** The position a cursor's key names; undefined for a key of any other shape. */
  read(key: unknown[]): P | undefined;
  /** A position as a cursor's key. */
  write(position: P): CursorKey;
}

/** What a cursor binds to: the operation, its resolved query without `cursor` and `limit`, and its keys. */
export interface Listing<P> {
  operation: string;
  query: unknown;
  keys: PositionKeys<P>;
}

/**
 * The rows of a page (an array, or rows held otherwise), and the position of its last
 * row when more follow (null on the last page).
 */
export interface PageRead<L, P> {
  rows: L;
  next: P | null;
}

/** A page as answered: its rows and the cursor of the next page (null on the last page). */
export interface Page<L> {
  rows: L;
  next_cursor: string | null;
}

/** Rows in listing order that can be counted and cut (an array, or rows held as columns). */
export interface SliceableRows<L> {
  readonly length: number;
  slice(start: number, end: number): L;
}

export class Walk {
  private constructor(private readonly cursor: OpenCursor | undefined) {}

  /**
   * The request's `cursor`, opened before the query's tokens are resolved, so a
   * malformed or edited cursor is a 422 whatever else the query names.
   */
  static open(cursor: string | undefined): Walk {
    return new Walk(openCursor(cursor));
  }

  /**
   * The query's tokens, resolved by `resolve`. With a cursor, a token that names
   * nothing (404) means the cursor belongs to other parameters, since every cursor
   * was written for a query whose tokens resolved: a 422 on `cursor`, before any 404.
   */
  resolve<T>(resolve: () => T): T {
    try {
      return resolve();
    } catch (err) {
      if (this.cursor && err instanceof ApiError && err.code === 'not_found') throw otherQuery();
      throw err;
    }
  }

  /**
   * One page of `listing`: `read` gets the position the cursor names (undefined on
   * the first page), and the page carries the cursor after its last row. 422 when the
   * cursor belongs to another operation or query, or names no position of this listing.
   */
  async page<L, P>(listing: Listing<P>, read: (after: P | undefined) => Promise<PageRead<L, P>>): Promise<Page<L>> {
    const fingerprint = queryFingerprint(listing.operation, listing.query);
    const after = this.cursor && cursorPosition(this.cursor, fingerprint, (key) => listing.keys.read(key));
    const { rows, next } = await read(after);
    return { rows, next_cursor: next === null ? null : encodeCursor(fingerprint, listing.keys.write(next)) };
  }
}

/**
 * Pages of `size` rows read from `fetch`, which returns up to `limit` rows in listing
 * order after a position: it is asked for one row more than a page, which only says
 * that another page follows, and the page ends at the position of its last row.
 */
export function bySize<L extends SliceableRows<L>, P>(
  size: number,
  fetch: (limit: number, after: P | undefined) => Promise<L>,
  positionOf: (rows: L, index: number) => P,
): (after: P | undefined) => Promise<PageRead<L, P>> {
  return async (after) => {
    const rows = await fetch(size + 1, after);
    if (rows.length <= size) return { rows, next: null };
    return { rows: rows.slice(0, size), next: positionOf(rows, size - 1) };
  };
}
