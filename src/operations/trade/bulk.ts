import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Stores } from '../../datasets.js';
import { ApiError } from '../../errors.js';
import { StringEnum } from '../../http/schemas.js';
import { API_ERROR_RESPONSES, allowOnlyGet } from '../../http/routes.js';
import type { FileFormat } from '../../store/file-stream.js';
import { TradeInput, annualFilter, type AnnualQuery } from '../../trade/params.js';
import type { ServeContext } from '../serve.js';
import { tradeInEdition } from './edition.js';
import { TradeQuery } from './schemas.js';

/** Rows one credit pays for in an extract. */
export const ROWS_PER_CREDIT = 100_000;
/** Extracts one server writes at a time: each holds a DuckDB connection of the heavy lane until it ends. */
const EXTRACTS_AT_ONCE = 2;

const { limit: _limit, cursor: _cursor, ...filters } = TradeQuery.properties;
export const BulkQuery = Type.Object(
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

let running = 0;

/**
 * `GET /v1/trade/bulk`: every annual row of the `/v1/trade` filters, in its order,
 * as one file streamed while it is written. The rows are counted first and the
 * price (1 credit per started 100 000 rows, at least 1) reserved before any byte.
 */
export function registerBulk(app: FastifyInstance, ctx: ServeContext): void {
  const url = '/v1/trade/bulk';
  allowOnlyGet(app, url);
  app.get(
    url,
    {
      schema: {
        operationId: 'downloadTrade',
        summary: 'Every annual observation of the /v1/trade filters as one Parquet or CSV file',
        tags: ['trade'],
        querystring: BulkQuery,
        response: API_ERROR_RESPONSES,
      },
      config: {
        access: 'key',
        cost: 1,
        openapi: {
          returns:
            'The rows of /v1/trade for the filters, in its order and with its fields, as an attachment: ' +
            'Parquet (typed columns) or CSV. Costs 1 credit per started 100 000 rows, reserved before the first byte.',
          download: true,
        },
      },
    },
    (request, reply) => extract(ctx, request, reply),
  );
}

async function extract(ctx: ServeContext, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const query = request.query as AnnualQuery & { hs_version?: number; format: FileFormat };
  const gone = new AbortController();
  reply.raw.once('close', () => gone.abort());
  return ctx.datasets.use(async (snapshot) => {
    const stores = new Stores(snapshot, (db) => db.within(gone.signal, 'heavy'));
    const headers: Record<string, string> = {};
    const { store, countExcluded } = tradeInEdition({ stores, headers }, query.hs_version);
    const filter = annualFilter(new TradeInput(store.catalogue), query);
    await countExcluded(filter);
    const years = await store.aggregate(filter, { groups: ['year'], orderBy: 'key' });
    const rows = years.reduce((n, y) => n + y.n, 0);
    await request.metering?.raiseTo?.(Math.max(1, Math.ceil(rows / ROWS_PER_CREDIT)));
    if (running >= EXTRACTS_AT_ONCE)
      throw new ApiError('provider_unavailable', 'Other extracts are being written; retry shortly.', {
        headers: { 'retry-after': '5' },
      });
    const span = {
      from: years[0]?.year ?? filter.from ?? 2000,
      to: years[years.length - 1]?.year ?? filter.to ?? filter.from ?? 2000,
    };
    running++;
    try {
      const file = await store.extract(filter, { years: span, format: query.format, signal: gone.signal });
      const name = `trade-${span.from}-${span.to}${query.hs_version ? `-hs${query.hs_version}` : ''}.${query.format}`;
      void reply
        .headers(headers)
        .header('content-type', CONTENT_TYPE[query.format])
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('x-rows', String(rows))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
      await file.done;
      return reply;
    } finally {
      running--;
    }
  });
}
