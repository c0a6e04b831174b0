import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Stores } from '../datasets.js';
import { ApiError } from '../errors.js';
import { API_ERROR_RESPONSES, allowOnlyGet } from '../http/routes.js';
import type { DownloadOperation } from './operation.js';
import type { ServeContext } from './serve.js';

/** Files one server writes at a time: each has a DuckDB database of its own (128 MB) and a core while it runs. */
const DOWNLOADS_AT_ONCE = 2;

/**
 * Serves a download operation at its URL (405 for other methods): on the serving
 * snapshot, kept open until the file is written; headers set before the first byte,
 * the file streamed as it is written; the client leaving stops the writing.
 */
export function registerDownload(app: FastifyInstance, operation: DownloadOperation, ctx: ServeContext): void {
  const { url, operationId, summary, returns, tag, cost, query, csvExample } = operation;
  let running = 0;
  allowOnlyGet(app, url);
  app.get(
    url,
    {
      schema: { operationId, summary, tags: [tag], querystring: query, response: API_ERROR_RESPONSES },
      config: { access: 'key', cost, openapi: { returns, download: { csvExample } } },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      return ctx.datasets.use(async (snapshot) => {
        const headers: Record<string, string> = {};
        const input = {
          query: request.query as Record<string, unknown>,
          stores: new Stores(snapshot, (db) => db.within(gone.signal, 'heavy')),
          headers,
          signal: gone.signal,
          charge: async (credits: number) => {
            // This request is one of those running.
            if (running > DOWNLOADS_AT_ONCE)
              throw new ApiError('provider_unavailable', 'Other files are being written; retry shortly.', {
                headers: { 'retry-after': '5' },
              });
            await request.metering?.raiseTo?.(credits);
          },
        };
        running++;
        try {
          const file = await operation.download(input);
          void reply
            .headers(headers)
            .header('content-type', file.contentType)
            .header('content-disposition', `attachment; filename="${file.filename}"`)
            .header('cache-control', 'private, no-store')
            .send(file.stream);
          await file.done;
          return reply;
        } finally {
          running--;
        }
      });
    },
  );
}
