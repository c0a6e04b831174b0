import { invalidParam } from '../../errors.js';
import type { Stores } from '../../datasets.js';
import type { TradeRequest } from '../../trade/request.js';

/** Where a measure of one year is computed: the year, its HS edition, and trade in that edition. */
export interface YearInEdition {
  year: number;
  edition: number;
  store: TradeRequest;
}

/**
 * The year a measure over one edition's flows is computed for (`year`, else the
 * latest `latest` gives) and its edition (`hs_version`, else the default of that year),
 * as advantage and economic complexity choose them (CONTRACT §4); undefined when there
 * is no year with data. A year with no flows in the edition, reported or converted, is
 * a 422 naming the editions there are.
 */
export async function yearInEdition(
  stores: Stores,
  asked: { year: number | undefined; hsVersion: number | undefined },
  latest: (reported: TradeRequest) => Promise<number | undefined>,
): Promise<YearInEdition | undefined> {
  const reported = stores.trade();
  const year = asked.year ?? (await latest(reported));
  if (year === undefined) return undefined;
  const edition = asked.hsVersion ?? reported.defaultEdition(year);
  const loaded = reported.editionsLoaded;
  const store = loaded.includes(edition) ? stores.trade(edition) : reported;
  // Without a conversion table, only flows reported in the edition can count.
  const present = store.catalogue.annualEditionsOf(year);
  if (!present.includes(edition)) {
    const known = [...new Set([...present, ...loaded])].sort((a, b) => a - b).join(', ');
    throw invalidParam(['query', 'hs_version'], `no flows of ${year} in it or converted to it; loaded: ${known}`);
  }
  return { year, edition, store };
}
