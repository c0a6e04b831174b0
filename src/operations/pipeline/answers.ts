import type { Static, TObject, TSchema } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Stores } from '../../datasets.js';
import { PreparedBody, negotiateEncoding } from '../../http/compression.js';
import { csvColumns, representationOf, rowSchemaOf, toCsv, type Representation } from '../../http/csv.js';
import {
  answerKey,
  envelopeTail,
  placeholderEnvelope,
  envelopeAround,
  splitEnvelope,
  type CachedAnswer,
} from '../../http/response-cache.js';
import { durationMs } from '../../http/routes.js';
import { SerialisedData } from '../../http/serialised-data.js';
import type { Snapshot } from '../../store/serving.js';
import type { Datasets } from '../../datasets.js';
import type { Operation } from '../operation.js';
import type { HeavyGate } from './heavy-gate.js';

/**
 * An operation's answers as kept bytes: what a request asks for, the answer its
 * handler computes (serialised once, up to the per-request fields), and how a kept
 * answer is sent to each request.
 */

/** An operation as the pipeline serves it: what is derived once from its declaration. */
export interface ServedOperation {
  operation: Operation;
  /** The schema of one row where `data` is rows (those answer CSV too). */
  rowSchema: TSchema | undefined;
  /** Whether the envelope ends with `duration_ms` (trade) or with `request_id` (economics). */
  withDuration: boolean;
  /** Answer keys of the request URLs seen lately (see `keyOf`). */
  keysByUrl: Map<string, string>;
}

export function servedOperation(operation: Operation): ServedOperation {
  return {
    operation,
    rowSchema: rowSchemaOf(operation.body),
    withDuration: 'duration_ms' in operation.body.properties,
    keysByUrl: new Map(),
  };
}

/** What one request asks for: the representation, the parameters the handler sees, and the answer's key. */
export interface Asked {
  representation: Representation;
  query: Static<TObject>;
  key: string;
}

/**
 * How many request URLs an operation keeps the answer key of (the memo starts over
 * when full), and the longest URL kept: a few hundred KB an operation at most.
 */
const KEYS_BY_URL_MAX = 1024;
const URL_KEPT_MAX_CHARS = 512;

/**
 * The answer key of a request in a representation. A URL always validates to the same
 * parameters, so a URL asked for again reuses its key instead of sorting and
 * serialising the parameters once more (most of what a cached answer costs us).
 */
function keyOf(served: ServedOperation, request: FastifyRequest, representation: Representation): string {
  const url = `${representation} ${request.url}`;
  let key = served.keysByUrl.get(url);
  if (key === undefined) {
    const { format: _format, ...query } = request.query as Record<string, unknown>;
    const params = answerKey(served.operation.url, { query, params: request.params });
    key = representation === 'csv' ? `${params}\ncsv` : params;
    if (url.length > URL_KEPT_MAX_CHARS) return key;
    if (served.keysByUrl.size >= KEYS_BY_URL_MAX) served.keysByUrl.clear();
    served.keysByUrl.set(url, key);
  }
  return key;
}

/** The representation a request asks for: CSV only where the data is rows. */
function representationAsked({ rowSchema }: ServedOperation, request: FastifyRequest): Representation {
  const { format } = request.query as { format?: unknown };
  return rowSchema ? representationOf(format, request.headers.accept) : 'json';
}

/** The key of the answer a request asks for. */
export function answerKeyOf(served: ServedOperation, request: FastifyRequest): string {
  return keyOf(served, request, representationAsked(served, request));
}

/**
 * The key of the answer a request asks for when its URL was asked for before (and so
 * passed every check of its parameters), else undefined.
 */
export function knownKeyOf(served: ServedOperation, request: FastifyRequest): string | undefined {
  return served.keysByUrl.get(`${representationAsked(served, request)} ${request.url}`);
}

export function askedOf(served: ServedOperation, request: FastifyRequest): Asked {
  // `format` picks the representation; the handler (and a page cursor) never sees it.
  const { format: _format, ...query } = request.query as Record<string, unknown>;
  const representation = representationAsked(served, request);
  return { representation, query, key: keyOf(served, request, representation) };
}

/** The final line break of a CSV body: the tail each request appends, as the envelope's fields are for JSON. */
const CSV_TAIL = '\r\n';
const CSV_TAIL_BYTES = Buffer.from(CSV_TAIL);

/**
 * A CSV answer: the rows of the answer, in the field order of its JSON items, as CSV
 * lines; the envelope's fields go in headers (§1.11).
 */
function csvAnswer(served: ServedOperation, value: object, meta: { etag: string; headers: Record<string, string> }) {
  const answer = value as { data: unknown; next_cursor?: string | null };
  const cursor = answer.next_cursor;
  const rows: unknown = answer.data instanceof SerialisedData ? answer.data.rows() : answer.data;
  const data = rows as Array<Record<string, unknown>>;
  const schemaOrder = !served.operation.plainSerializer;
  const text = toCsv(csvColumns(served.rowSchema!, data, { schemaOrder }), data);
  const body = new PreparedBody(Buffer.from(text.slice(0, -CSV_TAIL.length)));
  const headers = { ...meta.headers, ...(cursor ? { 'x-next-cursor': cursor } : {}) };
  const kept: CachedAnswer = { body, etag: meta.etag, csv: true, ...withHeaders(headers) };
  return kept;
}

/** The `headers` of a kept answer, when it has any. */
const withHeaders = (headers: Record<string, string>) => (Object.keys(headers).length ? { headers } : {});

/**
 * A JSON answer: serialised once with placeholder envelope fields, kept up to them.
 * Where `data` comes serialised apart, its bytes are written by the answer's `finish`
 * (possibly on another thread, see `SerialisedData`), not at once.
 */
function jsonAnswer(
  served: ServedOperation,
  reply: FastifyReply,
  { value, etag, headers }: { value: object; etag: string; headers: Record<string, string> },
): Finish {
  const { withDuration } = served;
  const data = (value as { data?: unknown }).data;
  const apart = data instanceof SerialisedData ? data : undefined;
  const envelope = placeholderEnvelope(withDuration);
  const serialised = reply.serialize({ ...value, ...(apart ? { data: [] } : {}), ...envelope });
  const unexpected = () => new Error(`${served.operation.url}: the answer does not end with its envelope fields`);
  const kept = (head: Buffer): CachedAnswer => ({ body: new PreparedBody(head), etag, ...withHeaders(headers) });
  if (typeof serialised !== 'string') throw unexpected();
  if (!apart) {
    const head = splitEnvelope(serialised, withDuration);
    if (!head) throw unexpected();
    const answer = kept(head);
    return async () => answer;
  }
  const around = envelopeAround(serialised, withDuration);
  if (!around) throw unexpected();
  return async () => kept(await apart.json(around));
}

/** What is left of computing an answer once its handler has run: writing the bytes of its data. */
export type Finish = () => Promise<CachedAnswer>;

/** One request and its reply. */
export interface Exchange {
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What computing an answer needs: the request, the leased snapshot, the signal that bounds its queries. */
export interface Computation extends Exchange {
  snapshot: Snapshot<Datasets>;
  signal: AbortSignal;
  asked: Asked;
  etag: string;
}

/**
 * Runs the handler once and serialises its answer up to the per-request fields, but
 * for the bytes of data serialised apart, which `Finish` writes: a heavy answer holds
 * its place among the computations (`heavy`) while the handler runs on this thread,
 * not while its page is written on another.
 */
export async function computeAnswer(served: ServedOperation, c: Computation, heavy: HeavyGate): Promise<Finish> {
  const headers: Record<string, string> = {};
  const stores = new Stores(c.snapshot, (db) => db.within(c.signal, served.operation.lane), headers);
  // The validator checked both against the operation's own schemas before the handler runs.
  const input = { query: c.asked.query, params: c.request.params as Static<TObject>, stores, headers };
  const compute = async (): Promise<Finish> => {
    const value = await served.operation.handler(input);
    if (c.asked.representation === 'csv') {
      const answer = csvAnswer(served, value, { etag: c.etag, headers });
      return async () => answer;
    }
    return jsonAnswer(served, c.reply, { value, etag: c.etag, headers });
  };
  const { weight } = served.operation;
  return weight === 'heavy' && !served.operation.cheap?.(input) ? heavy.run(c.signal, compute) : compute();
}

/** Headers of every answer of an operation's URL: its validator and how long it may be reused. */
export function setValidators(served: ServedOperation, reply: FastifyReply, v: { etag: string; maxAgeS: number }) {
  void reply
    .header('etag', v.etag)
    .header('cache-control', `private, max-age=${v.maxAgeS}`)
    .header('vary', served.rowSchema ? 'Accept, Accept-Encoding' : 'Accept-Encoding');
}

/** Sends a kept answer in the encoding the client accepts, closed by this request's id (and duration). */
export function sendAnswer(served: ServedOperation, { request, reply }: Exchange, answer: CachedAnswer) {
  const encoding = answer.body.encodingFor(negotiateEncoding(request.headers['accept-encoding']));
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  if (answer.headers) void reply.headers(answer.headers);
  if (answer.csv) {
    if (served.withDuration) void reply.header('x-duration-ms', String(durationMs(reply)));
    return reply.header('content-type', 'text/csv; charset=utf-8').send(answer.body.render(encoding, CSV_TAIL_BYTES));
  }
  const tail = envelopeTail(request.id, served.withDuration ? durationMs(reply) : undefined);
  return reply.header('content-type', 'application/json; charset=utf-8').send(answer.body.render(encoding, tail));
}
