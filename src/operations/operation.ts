import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { csvColumns, representationOf, rowSchemaOf, toCsv, withFormat, type Representation } from '../http/csv.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Stores, type DatasetStore, type Datasets } from '../datasets.js';
import { PreparedBody, negotiateEncoding } from '../http/compression.js';
import {
  answerKey,
  envelopeTail,
  etagOf,
  matchesEtag,
  placeholderEnvelope,
  splitEnvelope,
  type CachedAnswer,
  type ResponseCache,
} from '../http/response-cache.js';
import { API_ERROR_RESPONSES, allowOnlyGet, durationMs, withinDeadline } from '../http/routes.js';
import type { Lane } from '../store/duckdb.js';
import type { Snapshot } from '../store/serving.js';

/** Fields of the success envelope the pipeline fills in, never the operation. */
type Filled = 'request_id' | 'duration_ms';

/** What an operation's handler gets: its validated parameters and the stores of the serving snapshot. */
export interface OperationInput<Q extends TSchema, P extends TSchema> {
  query: Static<Q>;
  params: Static<P>;
  stores: Stores;
}

/** One API operation: its URL, documentation, parameters, answer, price and handler. */
export interface Operation<Q extends TObject = TObject, P extends TObject = TObject, B extends TObject = TObject> {
  url: string;
  /** Its name in the OpenAPI document and in generated clients: camelCase, unique, never changed once published. */
  operationId: string;
  summary: string;
  /** What a 200 answer holds, as the OpenAPI document describes it. */
  returns: string;
  /**
   * The document's example of a 200 body, where the one built from the examples of
   * its schemas would mislead (a ranking whose grouping key differs from the generic row's).
   */
  example?: Omit<Static<B>, Filled>;
  tag: 'economics' | 'trade';
  /** Credits a 200 answer consumes. */
  cost: number;
  /** The DuckDB lane of its queries (default heavy); light when every query is bounded by an index. */
  lane?: Lane;
  query?: Q;
  params?: P;
  /** The 200 body, envelope included (see `http/schemas.ts`). */
  body: B;
  /**
   * Serialise the answer with JSON.stringify instead of the schema serializer: a
   * union in the body makes the latter try every item against each branch.
   */
  plainSerializer?: boolean;
  handler(input: OperationInput<Q, P>): Promise<Omit<Static<B>, Filled>> | Omit<Static<B>, Filled>;
}

/** Declares an operation; the types of `query`, `params` and the answer flow from its schemas. */
export function defineOperation<Q extends TObject, P extends TObject, B extends TObject>(
  operation: Operation<Q, P, B>,
): Operation<Q, P, B> {
  return operation;
}

/** Whether the operation's envelope ends with `duration_ms` (trade) or `request_id` (economics). */
const hasDuration = (operation: Operation) => 'duration_ms' in operation.body.properties;

/** What serving an operation needs besides the operation: the snapshots and the answer cache. */
export interface ServeContext {
  datasets: DatasetStore;
  cache: ResponseCache;
  /** `Cache-Control: private, max-age` of 200 answers. */
  cacheMaxAgeS: number;
}

/** One request and its reply. */
interface Exchange {
  request: FastifyRequest;
  reply: FastifyReply;
}

interface Call extends Exchange {
  snapshot: Snapshot<Datasets>;
  signal: AbortSignal;
}

/** The schema of one row of each operation whose `data` is rows (those answer CSV too). */
const rowSchemas = new WeakMap<Operation, TSchema>();

/** What one request asks for: the representation, the parameters the handler sees, and the answer's key. */
interface Asked {
  representation: Representation;
  query: Static<TObject>;
  key: string;
}

function askedOf(operation: Operation, request: FastifyRequest): Asked {
  // `format` picks the representation; the handler (and a page cursor) never sees it.
  const { format, ...query } = request.query as Record<string, unknown>;
  const representation = rowSchemas.has(operation) ? representationOf(format, request.headers.accept) : 'json';
  const key = answerKey(operation.url, { query, params: request.params });
  return { representation, query, key: representation === 'csv' ? `${key}\ncsv` : key };
}

/** The final line break of a CSV body: the tail each request appends, as the envelope's fields are for JSON. */
const CSV_TAIL = '\r\n';
const CSV_TAIL_BYTES = Buffer.from(CSV_TAIL);

/**
 * A CSV answer: the rows as the JSON answer writes them (same values, same field
 * order: they are read back from its serialisation), as CSV lines; the envelope's
 * fields go in headers (§1.11).
 */
function csvAnswer(operation: Operation, reply: FastifyReply, result: { etag: string; value: object }): CachedAnswer {
  const { etag, value } = result;
  const serialised = reply.serialize({ ...value, ...placeholderEnvelope(hasDuration(operation)) }) as string;
  const { data, next_cursor: cursor } = JSON.parse(serialised) as {
    data: Array<Record<string, unknown>>;
    next_cursor?: string | null;
  };
  const text = toCsv(csvColumns(rowSchemas.get(operation)!, data), data);
  const body = new PreparedBody(Buffer.from(text.slice(0, -CSV_TAIL.length)));
  return { body, etag, csv: true, ...(cursor ? { headers: { 'x-next-cursor': cursor } } : {}) };
}

/** Runs the handler once and keeps its answer, serialised up to the per-request fields. */
async function computeAnswer(operation: Operation, ctx: ServeContext, call: Call & Asked & { etag: string }) {
  const { request, reply, snapshot, signal, key, etag } = call;
  const stores = new Stores(snapshot.db.within(signal, operation.lane), snapshot.content);
  // The validator checked both against the operation's own schemas before the handler runs.
  const input = { query: call.query, params: request.params as Static<TObject>, stores };
  const result = await operation.handler(input);
  if (call.representation === 'csv') {
    const answer = csvAnswer(operation, reply, { etag, value: result });
    ctx.cache.set(snapshot.name, key, answer);
    return answer;
  }
  const withDuration = hasDuration(operation);
  const serialised = reply.serialize({ ...result, ...placeholderEnvelope(withDuration) });
  const head = typeof serialised === 'string' ? splitEnvelope(serialised, withDuration) : undefined;
  if (!head) throw new Error(`${operation.url}: the answer does not end with its envelope fields`);
  const answer: CachedAnswer = { body: new PreparedBody(head), etag };
  ctx.cache.set(snapshot.name, key, answer);
  return answer;
}

/** Headers of every answer of an operation's URL: its validator and how long it may be reused. */
function setValidators(operation: Operation, { reply, ctx }: { reply: FastifyReply; ctx: ServeContext }, etag: string) {
  void reply
    .header('etag', etag)
    .header('cache-control', `private, max-age=${ctx.cacheMaxAgeS}`)
    .header('vary', rowSchemas.has(operation) ? 'Accept, Accept-Encoding' : 'Accept-Encoding');
}

/** Sends a kept answer in the encoding the client accepts, closed by this request's id (and duration). */
function sendAnswer(operation: Operation, { request, reply }: Exchange, answer: CachedAnswer) {
  const encoding = answer.body.encodingFor(negotiateEncoding(request.headers['accept-encoding']));
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  if (answer.csv) {
    if (answer.headers) void reply.headers(answer.headers);
    if (hasDuration(operation)) void reply.header('x-duration-ms', String(durationMs(reply)));
    return reply.header('content-type', 'text/csv; charset=utf-8').send(answer.body.render(encoding, CSV_TAIL_BYTES));
  }
  const tail = envelopeTail(request.id, hasDuration(operation) ? durationMs(reply) : undefined);
  return reply.header('content-type', 'application/json; charset=utf-8').send(answer.body.render(encoding, tail));
}

/**
 * The answer of one request from the answer cache, without a query, a deadline
 * timer or a snapshot lease (a kept answer reads nothing from the snapshot): 304
 * when the client's copy is current, else the kept body. Undefined on a miss.
 */
function respondFromCache(operation: Operation, ctx: ServeContext, { request, reply }: Exchange) {
  const snapshot = ctx.datasets.current;
  if (!snapshot) return undefined;
  const answer = ctx.cache.get(snapshot.name, askedOf(operation, request).key);
  if (!answer) return undefined;
  setValidators(operation, { reply, ctx }, answer.etag);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return sendAnswer(operation, { request, reply }, answer);
}

/**
 * The answer of one request on a leased snapshot: 304 when the client's copy is
 * current, else the cached or freshly computed body.
 */
async function respond(operation: Operation, ctx: ServeContext, call: Call): Promise<FastifyReply> {
  const { request, reply, snapshot } = call;
  const asked = askedOf(operation, request);
  const { key } = asked;
  const etag = etagOf(snapshot.name, key);
  setValidators(operation, { reply, ctx }, etag);
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  const answer =
    ctx.cache.get(snapshot.name, key) ??
    (await ctx.cache.computeOnce({ snapshot: snapshot.name, key, signal: call.signal }, (shared) =>
      computeAnswer(operation, ctx, { ...call, ...asked, etag, signal: shared }),
    ));
  return sendAnswer(operation, { request, reply }, answer);
}

/**
 * Serves an operation at its URL (405 for other methods): the handler runs on the
 * serving snapshot, under the request's deadline. The snapshot stays open until the
 * handler settles, even when the deadline answered first.
 */
export function registerOperation(app: FastifyInstance, operation: Operation, ctx: ServeContext): void {
  const { url, operationId, summary, returns, example, tag, cost, query, params, body, plainSerializer } = operation;
  const rowSchema = rowSchemaOf(body);
  if (rowSchema) rowSchemas.set(operation, rowSchema);
  allowOnlyGet(app, url);
  app.get(
    url,
    {
      schema: {
        operationId,
        summary,
        tags: [tag],
        querystring: withFormat(query, rowSchema !== undefined),
        ...(params ? { params } : {}),
        response: { 200: body, ...API_ERROR_RESPONSES },
      },
      config: { access: 'key', cost, openapi: { returns, example } },
      ...(plainSerializer ? { serializerCompiler: () => (data: unknown) => JSON.stringify(data) } : {}),
    },
    (request, reply) =>
      respondFromCache(operation, ctx, { request, reply }) ??
      withinDeadline(request, (signal) =>
        ctx.datasets.use((snapshot) => respond(operation, ctx, { request, reply, snapshot, signal })),
      ),
  );
}
