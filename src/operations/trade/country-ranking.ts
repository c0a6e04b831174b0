import type { Term } from '../../trade/filter.js';
import { orient, type Flow } from '../../trade/filter.js';
import { TradeInput } from '../../trade/params.js';
import { annualPoints } from '../../trade/points.js';
import { groupedPointsJson } from '../../trade/grouped-points-json.js';
import { SerialisedData } from '../../http/serialised-data.js';
import type { TradeStore } from '../../trade/store.js';

interface RankingQuery {
  flow?: Flow;
  product?: string;
  from?: string;
  to?: string;
  limit: number;
}

/**
 * A country's partners or products ranked by trade value: one flow when `flow` is
 * given, else exports and imports together. Written straight to JSON bytes (up to 500
 * points), or as points for the other representations.
 */
export async function rankCountryTrade(
  store: TradeStore,
  request: { key: 'partner' | 'hs6'; cid: string; query: RankingQuery },
) {
  const { key, cid, query } = request;
  const input = new TradeInput(store.catalogue);
  const country = input.countries(cid, 'path');
  const products = key === 'partner' ? input.products(query.product, 'product') : { value: undefined };
  const years = input.years(query.from, query.to);
  input.resolve();
  const terms: Term[] = query.flow
    ? orient({ reporter: country.value, partner: undefined }, query.flow, store.catalogue.selfTrade)
    : [
        { exporters: country.value, partnerSide: 'importer' },
        { importers: country.value, partnerSide: 'exporter' },
      ];
  const filter = { terms, products: products.value, ...years };
  const rows = await store.aggregate(filter, { groups: [key], orderBy: 'value', limit: query.limit });
  const { catalogue } = store;
  return new SerialisedData(
    (around) => Promise.resolve(groupedPointsJson(catalogue, { key, rows }, around)),
    () => annualPoints(catalogue, key, rows),
  );
}
