import type { ListingBound } from './keyset.js';

/** Which rows of a listing a page reads: up to `limit`, after `after` when given. */
export interface ListingPage {
  limit: number;
  after?: ListingBound;
}

/** The order of a listing by `period`: the period, value descending, then exporter, importer and hs6. */
export const listingOrder = (period: 'year' | 'month') => `ORDER BY ${period}, value DESC, exporter, importer, hs6`;

/** The first periods (in order) whose row counts add up to `limit`, as an inclusive range. */
export function periodWindow(
  counts: Array<{ period: number; n: number }>,
  limit: number,
): { from: number; to: number } | undefined {
  if (counts.length === 0) return undefined;
  let total = 0;
  let to = counts[0]!.period;
  for (const c of counts) {
    total += c.n;
    to = c.period;
    if (total >= limit) break;
  }
  return { from: counts[0]!.period, to };
}

/** Rows in listing order that can be counted and joined (an array, or `ListedRows`). */
export interface Rows<L> {
  readonly length: number;
  concat(other: L): L;
}

/** What a listing sorted by period is read with (the annual one by year, the monthly one by month). */
export interface PeriodListing<F extends { from?: number; to?: number }, L extends Rows<L>> {
  /** The first `limit` rows of `filter`. */
  first(filter: F, limit: number): Promise<L>;
  /** The rows of the position's period that sort after it, up to `limit` (that period is within the filter's). */
  restOfPeriod(filter: F, page: Required<ListingPage>): Promise<L>;
  /** No rows. */
  none(): L;
}

/**
 * A page of a listing sorted by period. After a position, the rest of its period is
 * read first, then the following periods as a listing of their own: both stay as
 * cheap as a first page.
 */
export async function readPage<F extends { from?: number; to?: number }, L extends Rows<L>>(
  listing: PeriodListing<F, L>,
  filter: F,
  page: ListingPage,
): Promise<L> {
  const { limit, after } = page;
  if (!after) return listing.first(filter, limit);
  const period = after.period;
  const inFilter =
    (filter.from === undefined || period >= filter.from) && (filter.to === undefined || period <= filter.to);
  const rest = inFilter ? await listing.restOfPeriod(filter, { limit, after }) : listing.none();
  if (rest.length >= limit) return rest;
  const later = { ...filter, from: Math.max(filter.from ?? 0, period + 1) };
  return rest.concat(await listing.first(later, limit - rest.length));
}
