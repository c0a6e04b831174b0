import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { type PreparedBody } from './compression.js';

/**
 * Answers of the operations, kept as ready bytes. The data of a snapshot never
 * changes, so an answer is the same for as long as its snapshot serves: it is keyed
 * by snapshot, operation and normalised parameters, and holds the serialised body
 * up to the per-request fields (request id, duration), compressed once per encoding
 * when first asked for. A hit costs no query, no serialisation and no compression.
 */

/** An answer's serialised body, split where the per-request fields begin. */
export interface CachedAnswer {
  body: PreparedBody;
  etag: string;
  /** A CSV answer (§1.11): its body ends with a line break instead of the envelope's fields. */
  csv?: boolean;
  /** Headers that come with the content (a CSV page's `x-next-cursor`). */
  headers?: Record<string, string>;
}

/** Stands in for the request id while an answer is serialised once for all requests. */
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The body before the per-request fields, from the serialised answer: they are the
 * last fields of every envelope (`request_id`, then `duration_ms` in trade answers).
 * Undefined when the serialisation does not end as expected (then nothing is cached).
 */
export function splitEnvelope(serialised: string, withDuration: boolean): Buffer | undefined {
  const tail = `"request_id":"${PLACEHOLDER_ID}"${withDuration ? ',"duration_ms":0' : ''}}`;
  if (!serialised.endsWith(tail)) return undefined;
  return Buffer.from(serialised.slice(0, serialised.length - tail.length));
}

const DATA_PLACEHOLDER = '{"data":[]';
const DATA_OPENING = Buffer.from('{"data":');

/**
 * Where the data goes in an answer whose `data` is serialised apart: serialised with
 * `data` empty, which must be its first field, the bytes before it (`{"data":`) and
 * after it up to the per-request fields (as `splitEnvelope` cuts them). Undefined
 * when the serialisation is not of that shape.
 */
export function envelopeAround(
  serialised: string,
  withDuration: boolean,
): { before: Buffer; after: Buffer } | undefined {
  if (!serialised.startsWith(DATA_PLACEHOLDER)) return undefined;
  const after = splitEnvelope(serialised.slice(DATA_PLACEHOLDER.length), withDuration);
  return after && { before: DATA_OPENING, after };
}

/** The envelope fields of one request, closing the body that `splitEnvelope` cut. */
export function envelopeTail(requestId: string, durationMs: number | undefined): Buffer {
  return Buffer.from(`"request_id":"${requestId}"${durationMs === undefined ? '' : `,"duration_ms":${durationMs}`}}`);
}

/** The per-request fields with placeholder values, for the one serialisation of an answer. */
export function placeholderEnvelope(withDuration: boolean): { request_id: string; duration_ms?: number } {
  return withDuration ? { request_id: PLACEHOLDER_ID, duration_ms: 0 } : { request_id: PLACEHOLDER_ID };
}

function sortedEntries(values: unknown): Array<[string, unknown]> {
  if (typeof values !== 'object' || values === null) return [];
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The key of an answer: the operation's URL and its validated parameters (defaults
 * applied, so `?limit=50` and no limit are one answer), in a fixed order.
 */
export function answerKey(url: string, input: { query: unknown; params: unknown }): string {
  return JSON.stringify([url, sortedEntries(input.params), sortedEntries(input.query)]);
}

/** A weak validator that changes exactly when the answer can: with the snapshot. */
export function etagOf(snapshot: string, key: string): string {
  return `W/"${snapshot}.${createHash('sha256').update(key).digest('base64url').slice(0, 22)}"`;
}

/** Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(2);
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === opaque || tag === `W/${opaque}`;
  });
}

export interface ResponseCacheOptions {
  /** Bytes the cache may hold, every encoding of every answer counted; 0 disables it. */
  maxBytes: number;
}

/** The answers of the newest snapshot seen; older snapshots' answers are dropped at once. */
/** A computation shared by identical concurrent requests: its own cancellation, and how many wait for it. */
interface SharedRun {
  controller: AbortController;
  answer: Promise<CachedAnswer>;
  waiting: number;
}

export class ResponseCache {
  private snapshot = '';
  private readonly answers: LRUCache<string, CachedAnswer> | undefined;
  /** Computations running now, by snapshot and key: concurrent identical requests share one. */
  private readonly running = new Map<string, SharedRun>();
  hits = 0;
  misses = 0;

  constructor(opts: ResponseCacheOptions) {
    this.answers =
      opts.maxBytes > 0
        ? new LRUCache<string, CachedAnswer>({
            maxSize: opts.maxBytes,
            // Compressed copies are added later: count a generous share for them now.
            sizeCalculation: (a) => Math.max(1, Math.ceil(a.body.identity.length * 1.5) + 200),
          })
        : undefined;
  }

  /** The answer of `key` in `snapshot`, if kept. */
  get(snapshot: string, key: string): CachedAnswer | undefined {
    if (snapshot !== this.snapshot) return undefined;
    const answer = this.answers?.get(key);
    if (answer) this.hits++;
    else this.misses++;
    return answer;
  }

  /**
   * Keeps an answer. A newer snapshot (names sort by creation) empties the cache; an
   * answer of an older one, finishing after a swap, is not kept.
   */
  set(snapshot: string, key: string, answer: CachedAnswer): void {
    if (!this.answers || snapshot < this.snapshot) return;
    if (snapshot > this.snapshot) {
      this.answers.clear();
      this.snapshot = snapshot;
    }
    this.answers.set(key, answer);
  }

  /**
   * The one computation of an answer: a request that arrives while the same answer
   * is being computed waits for it instead of running the same queries again (a
   * burst of identical requests costs one query, cached or not). The computation
   * runs under a signal of its own, not any caller's: each caller stops waiting at its
   * own `signal` (its deadline), and the computation is cancelled only once no caller
   * waits for it.
   */
  computeOnce(
    at: { snapshot: string; key: string; signal: AbortSignal },
    compute: (signal: AbortSignal) => Promise<CachedAnswer>,
  ): Promise<CachedAnswer> {
    const id = `${at.snapshot}\n${at.key}`;
    let run = this.running.get(id);
    if (!run) {
      const controller = new AbortController();
      const answer = compute(controller.signal);
      run = { controller, answer, waiting: 0 };
      const started = run;
      void answer.then(
        () => this.forget(id, started),
        () => this.forget(id, started),
      );
      this.running.set(id, run);
    }
    return this.await(id, run, at.signal);
  }

  /** Waits for a shared computation until it settles or `signal` aborts; the last caller to leave cancels it. */
  private await(id: string, run: SharedRun, signal: AbortSignal): Promise<CachedAnswer> {
    run.waiting++;
    return new Promise<CachedAnswer>((resolve, reject) => {
      const onAbort = () => {
        if (--run.waiting > 0) return reject(signal.reason as Error);
        this.forget(id, run);
        run.controller.abort(signal.reason);
        reject(signal.reason as Error);
      };
      if (signal.aborted) return onAbort();
      signal.addEventListener('abort', onAbort, { once: true });
      run.answer.then(
        (answer) => {
          signal.removeEventListener('abort', onAbort);
          run.waiting--;
          resolve(answer);
        },
        (err: Error) => {
          signal.removeEventListener('abort', onAbort);
          run.waiting--;
          reject(err);
        },
      );
    });
  }

  private forget(id: string, run: SharedRun): void {
    if (this.running.get(id) === run) this.running.delete(id);
  }

  get size(): number {
    return this.answers?.size ?? 0;
  }
}
