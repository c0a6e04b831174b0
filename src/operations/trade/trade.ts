import { Type } from '@sinclair/typebox';
import { Walk, bySize } from '../../http/paging.js';
import { NextCursor, tradeBody } from '../../http/schemas.js';
import { LISTING_KEYS, rowPosition } from '../../trade/keyset.js';
import { TradeInput, annualFilter } from '../../trade/params.js';
import { annualObservation } from '../../trade/points.js';
import { defineOperation } from '../operation.js';
import { TradeObservationSchema, TradeQuery } from './schemas.js';
import { SerialisedData } from '../../http/serialised-data.js';
import { observationsJson } from '../../trade/observation-json-thread.js';
import { annualRow } from '../../trade/annual-listing.js';

export const trade = defineOperation({
  url: '/v1/trade',
  operationId: 'listTrade',
  summary: 'Annual observations (exporter, importer, product, year), a page at a time',
  returns:
    'A page of annual observations, sorted by period, then value_usd descending; next_cursor is null on the last page.',
  tag: 'trade',
  cost: 2,
  weight: 'heavy',
  // A page read from the listing files is one read of contiguous rows: it need not wait behind sorts and scans.
  // It reads one row more than it returns (see `bySize`).
  cheap: ({ query, stores }) => {
    try {
      const store = stores.trade(query.hs_version);
      return store.listedFromFiles(annualFilter(new TradeInput(store.catalogue), query), query.limit + 1);
    } catch {
      return false; // the handler answers the same error
    }
  },
  query: TradeQuery,
  body: tradeBody(
    Type.Array(TradeObservationSchema, { description: 'the flows of this page, by period, then value_usd descending' }),
    { next_cursor: NextCursor() },
  ),
  handler: async (input) => {
    const { query } = input;
    const store = input.stores.trade(query.hs_version);
    const { catalogue } = store;
    const walk = Walk.open(query.cursor);
    const filter = walk.resolve(() => annualFilter(new TradeInput(catalogue), query));
    // The resolved filter and the edition: `cursor` and `limit` are not part of it, so the page size may change.
    const listing = { operation: '/v1/trade', query: store.identity(filter), keys: LISTING_KEYS };
    const page = await walk.page(
      listing,
      bySize(
        query.limit,
        (limit, after) => store.observations(filter, { limit, after }),
        (rows, i) => {
          const row = annualRow(rows, i);
          return rowPosition(catalogue, row, row.year);
        },
      ),
    );
    const { rows } = page;
    const data = new SerialisedData(
      (around) => observationsJson({ kind: 'annual', rows }, catalogue.labels, around),
      () => Array.from({ length: rows.length }, (_, i) => annualObservation(catalogue, annualRow(rows, i))),
    );
    return { data, next_cursor: page.next_cursor };
  },
});
