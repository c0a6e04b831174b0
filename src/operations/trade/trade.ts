import { Type } from '@sinclair/typebox';
import { cursorPosition, encodeCursor, openCursor, pageOf, queryFingerprint } from '../../http/cursor.js';
import { NextCursor, tradeBody } from '../../http/schemas.js';
import { filterIdentity, positionKey, readPosition, rowPosition } from '../../trade/keyset.js';
import { TradeInput, annualFilter } from '../../trade/params.js';
import { annualObservation } from '../../trade/points.js';
import { defineOperation } from '../operation.js';
import { TradeObservationSchema, TradeQuery } from './schemas.js';

export const trade = defineOperation({
  url: '/v1/trade',
  operationId: 'listTrade',
  summary: 'Annual observations (exporter, importer, product, year), a page at a time',
  returns:
    'A page of annual observations, sorted by period, then value_usd descending; next_cursor is null on the last page.',
  tag: 'trade',
  cost: 2,
  query: TradeQuery,
  body: tradeBody(Type.Array(TradeObservationSchema), { next_cursor: NextCursor() }),
  handler: async ({ query, stores }) => {
    const store = stores.trade;
    const { catalogue } = store;
    const cursor = openCursor(query.cursor);
    const filter = annualFilter(new TradeInput(catalogue), query);
    // The resolved filter: `cursor` and `limit` are not part of it, so the page size may change.
    const fingerprint = queryFingerprint('/v1/trade', filterIdentity(catalogue, filter));
    const after = cursor && cursorPosition(cursor, fingerprint, readPosition);
    // One row more than a page says whether another page follows.
    const rows = await store.observations(filter, { limit: query.limit + 1, after });
    const page = pageOf(rows, query.limit, (last) =>
      encodeCursor(fingerprint, positionKey(rowPosition(catalogue, last, last.year))),
    );
    return { data: page.rows.map((r) => annualObservation(catalogue, r)), next_cursor: page.next_cursor };
  },
});
