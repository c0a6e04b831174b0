import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DatasetStore, Datasets } from '../../datasets.js';
import { withFormat } from '../../http/csv.js';
import { etagOf, matchesEtag, type ResponseCache } from '../../http/response-cache.js';
import { API_ERROR_RESPONSES, allowOnlyGet, withinDeadline } from '../../http/routes.js';
import type { Snapshot } from '../../store/serving.js';
import {
  answerKeyOf,
  knownKeyOf,
  askedOf,
  computeAnswer,
  sendAnswer,
  servedOperation,
  setValidators,
  type Exchange,
  type ServedOperation,
} from './answers.js';
import type { ExtractLimits } from '../extract-slots.js';
import type { HeavyGate } from './heavy-gate.js';
import type { Operation } from '../operation.js';

/** What serving an operation needs besides the operation: the snapshots and the answer cache. */
export interface ServeContext {
  datasets: DatasetStore;
  cache: ResponseCache;
  /** `Cache-Control: private, max-age` of 200 answers. */
  cacheMaxAgeS: number;
  /** What bounds the files download operations write. */
  extracts: ExtractLimits;
  /** Where heavy answers wait their turn to be computed. */
  heavy: HeavyGate;
}

/**
 * The answer of one request from the answer cache, without a query, a deadline
 * timer or a snapshot lease (a kept answer reads nothing from the snapshot): 304
 * when the client's copy is current, else the kept body. Undefined on a miss.
 */
function respondFromCache(served: ServedOperation, ctx: ServeContext, exchange: Exchange & { key: string }) {
  const { request, reply, key } = exchange;
  const snapshot = ctx.datasets.current;
  if (!snapshot) return undefined;
  const answer = ctx.cache.get(snapshot.name, key);
  if (!answer) return undefined;
  setValidators(served, reply, { etag: answer.etag, maxAgeS: ctx.cacheMaxAgeS });
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return sendAnswer(served, { request, reply }, answer);
}

interface Call extends Exchange {
  snapshot: Snapshot<Datasets>;
  signal: AbortSignal;
}

/**
 * The answer of one request on a leased snapshot: 304 when the client's copy is
 * current, else the kept answer or one computed now (once for the identical requests
 * that wait for it together) and kept.
 */
async function respond(served: ServedOperation, ctx: ServeContext, call: Call): Promise<FastifyReply> {
  const { request, reply, snapshot } = call;
  const asked = askedOf(served, request);
  const etag = etagOf(snapshot.name, asked.key);
  setValidators(served, reply, { etag, maxAgeS: ctx.cacheMaxAgeS });
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const key = { snapshot: snapshot.name, key: asked.key, signal: call.signal };
  const answer =
    ctx.cache.get(snapshot.name, asked.key) ??
    (await ctx.cache.computeOnce(key, async (shared) => {
      const finish = await computeAnswer(served, { ...call, asked, etag, signal: shared }, ctx.heavy);
      const computed = await finish();
      ctx.cache.set(snapshot.name, asked.key, computed);
      return computed;
    }));
  return sendAnswer(served, { request, reply }, answer);
}

/**
 * Serves an operation at its URL (405 for other methods): the handler runs on the
 * serving snapshot, under the request's deadline. The snapshot stays open until the
 * handler settles, even when the deadline answered first.
 */
export function registerOperation(app: FastifyInstance, operation: Operation, ctx: ServeContext): void {
  const { url, operationId, summary, returns, example, tag, cost, query, params, body, plainSerializer } = operation;
  const served = servedOperation(operation);
  allowOnlyGet(app, url);
  app.get(
    url,
    {
      schema: {
        operationId,
        summary,
        tags: [tag],
        querystring: withFormat(query, served.rowSchema !== undefined),
        ...(params ? { params } : {}),
        response: { 200: body, ...API_ERROR_RESPONSES },
      },
      config: { access: 'key', cost, openapi: { returns, example } },
      // After the access checks (hooks of the whole app run first): a URL asked for before
      // whose answer is kept is answered now, its parameters not parsed and checked again.
      onRequest: (request, reply, done) => {
        const key = knownKeyOf(served, request);
        if (!key || !respondFromCache(served, ctx, { request, reply, key })) done();
      },
      ...(plainSerializer ? { serializerCompiler: () => (data: unknown) => JSON.stringify(data) } : {}),
    },
    (request, reply) =>
      respondFromCache(served, ctx, { request, reply, key: answerKeyOf(served, request) }) ??
      withinDeadline(request, (signal) =>
        ctx.datasets.use((snapshot) => respond(served, ctx, { request, reply, snapshot, signal })),
      ),
  );
}
