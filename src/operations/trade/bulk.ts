import { Type } from '@sinclair/typebox';
import { StringEnum } from '../../http/schemas.js';
import type { FileFormat } from '../../store/file-stream.js';
import { TradeInput, annualFilter } from '../../trade/params.js';
import { defineDownload } from '../operation.js';
import { TRADE_OBSERVATION_EXAMPLE, TradeQuery } from './schemas.js';
import { toCsv } from '../../http/csv.js';

/** Rows one credit pays for in an extract. */
export const ROWS_PER_CREDIT = 100_000;

const { limit: _limit, cursor: _cursor, ...filters } = TradeQuery.properties;
const BulkQuery = Type.Object(
  {
    ...filters,
    format: StringEnum(['parquet', 'csv'], {
      default: 'parquet',
      description: 'parquet (application/vnd.apache.parquet) or csv (text/csv, a header row)',
      examples: ['parquet'],
    }),
  },
  { 'x-range': 'year' },
);

const CONTENT_TYPE: Record<FileFormat, string> = {
  parquet: 'application/vnd.apache.parquet',
  csv: 'text/csv; charset=utf-8',
};

export const bulk = defineDownload({
  url: '/v1/trade/bulk',
  operationId: 'downloadTrade',
  summary: 'Every annual observation of the /v1/trade filters as one Parquet or CSV file',
  returns:
    'The rows of /v1/trade for the filters, in its order and with its fields, as an attachment: Parquet ' +
    '(typed columns: strings, INTEGER hs_version, DOUBLE values) or CSV; X-Rows gives their number.',
  tag: 'trade',
  cost: 1,
  query: BulkQuery,
  csvExample: toCsv(Object.keys(TRADE_OBSERVATION_EXAMPLE), [TRADE_OBSERVATION_EXAMPLE]),
  download: async (request) => {
    const { query, signal } = request;
    const store = request.stores.trade(query.hs_version);
    const filter = annualFilter(new TradeInput(store.catalogue), query);
    // Counted before the first byte: 1 credit per started 100 000 rows (at least 1).
    const years = await store.aggregate(filter, { groups: ['year'], orderBy: 'key' });
    const rows = years.reduce((n, y) => n + y.n, 0);
    await request.charge(Math.max(1, Math.ceil(rows / ROWS_PER_CREDIT)));
    const first = years[0]?.year ?? filter.from ?? filter.to ?? 0;
    const span = { from: first, to: years[years.length - 1]?.year ?? first };
    request.headers['x-rows'] = String(rows);
    const file = await store.extract(filter, { years: span, format: query.format, signal });
    const edition = query.hs_version ? `-hs${query.hs_version}` : '';
    return {
      ...file,
      contentType: CONTENT_TYPE[query.format],
      filename: `trade-${span.from}-${span.to}${edition}.${query.format}`,
    };
  },
});
