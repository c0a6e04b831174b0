import type { EditionStores, Stores } from '../../datasets.js';
import type { TradeFilter } from '../../trade/filter.js';
import type { MonthlyFilter } from '../../trade/monthly-filter.js';
import type { TradeStore } from '../../trade/store.js';

/** The header that counts the flows an answer in an HS edition leaves out (CONTRACT §4). */
export const EXCLUDED_FLOWS_HEADER = 'x-hs-excluded-flows';

/** Trade in the edition a request asks for, and the count of what it leaves out, put in the answer's headers. */
export interface EditionAnswer {
  store: TradeStore;
  /** Sets `x-hs-excluded-flows` for the annual (or monthly) flows of `filter`. */
  countExcluded: (filter: TradeFilter) => Promise<void>;
  countExcludedMonthly: (filter: MonthlyFilter) => Promise<void>;
}

export function tradeInEdition(
  input: { stores: Stores; headers: Record<string, string> },
  hsVersion: number | undefined,
): EditionAnswer {
  const edition: EditionStores = input.stores.tradeIn(hsVersion);
  const put = (n: number) => {
    input.headers[EXCLUDED_FLOWS_HEADER] = String(n);
  };
  return {
    store: edition.store,
    countExcluded: async (filter) => put(await edition.excludedAnnual(filter)),
    countExcludedMonthly: async (filter) => put(await edition.excludedMonthly(filter)),
  };
}
