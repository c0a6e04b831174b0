import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Stores } from '../../datasets.js';
import { API_ERROR_RESPONSES, allowOnlyGet, withinDeadline } from '../../http/routes.js';
import { watchStalledReader } from '../../http/stalled-reader.js';
import { ExtractSlots } from '../extract-slots.js';
import type { DownloadOperation } from '../operation.js';
import type { ServeContext } from './serve.js';

/**
 * Serves a download operation at its URL (405 for other methods): on the serving
 * snapshot, kept open until the file is written; headers set before the first byte,
 * reached within the request's deadline (else 504, as for an answer),
 * the file streamed as it is written; the client leaving stops the writing. A key
 * writes one file at a time and the server `concurrency` in all; a client that
 * stops reading, or a file past its time limit, is cut off (the client sees a
 * truncated file) and frees its slot and its snapshot.
 */
export function registerDownload(app: FastifyInstance, operation: DownloadOperation, ctx: ServeContext): void {
  const { url, operationId, summary, returns, tag, cost, query, csvExample } = operation;
  const limits = ctx.extracts;
  const slots = new ExtractSlots(limits.concurrency);
  allowOnlyGet(app, url);
  app.get(
    url,
    {
      schema: { operationId, summary, tags: [tag], querystring: query, response: API_ERROR_RESPONSES },
      config: { access: 'key', cost, openapi: { returns, download: { csvExample } } },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const release = slots.take(request.metering?.key.id ?? request.ip);
      const gone = new AbortController();
      const cut = () => reply.raw.destroy();
      reply.raw.once('close', () => gone.abort());
      const deadline = setTimeout(cut, limits.timeoutMs);
      const unwatch = watchStalledReader(reply.raw, limits.idleMs, () => {
        request.log.warn(`extract cut off: the client read nothing for ${limits.idleMs / 1000} s`);
        cut();
      });
      try {
        return await ctx.datasets.use(async (snapshot) => {
          const headers: Record<string, string> = {};
          // Until its headers are sent, a download is under the request's deadline as an
          // answer is (504, its queries cancelled); then under the extract's own limits.
          const file = await withinDeadline(request, async (deadline) => {
            const signal = AbortSignal.any([gone.signal, deadline]);
            const made = await operation.download({
              query: request.query as Record<string, unknown>,
              stores: new Stores(snapshot, (db) => db.within(signal, 'heavy'), headers),
              headers,
              signal,
              charge: async (credits: number) => request.metering?.raiseTo?.(credits),
            });
            // Made after the 504 was sent: nobody reads it, so its writing stops.
            if (signal.aborted) made.stream.destroy();
            return made;
          });
          void reply
            .headers(headers)
            .header('content-type', file.contentType)
            .header('content-disposition', `attachment; filename="${file.filename}"`)
            .header('cache-control', 'private, no-store')
            .send(file.stream);
          await file.done;
          return reply;
        });
      } finally {
        clearTimeout(deadline);
        unwatch();
        release();
      }
    },
  );
}
