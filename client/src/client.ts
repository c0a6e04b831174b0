import { ApiError, TransportError, type ErrorBody } from './errors.js';
import { DEFAULT_RETRY, isRetryable, parseRetryAfter, retryDelayMs, type RetryPolicy } from './retry.js';
import type { ApiPath, BodyOf, PagedPath, PathParamsOf, QueryOf, RowOf } from './types.js';

export interface ClientOptions {
  /** Where the service runs, e.g. `https://api.example.org` (no trailing `/v1`). */
  baseUrl: string;
  /** The API key. Use it from server-side code only, never from a browser or an app. */
  apiKey: string;
  /** Time-out of one attempt (default 15 s, as the service recommends). */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
}

/** The path parameters of a call (`{ cid }`, `{ pid }`), and a signal to cancel it. */
export interface CallOptions<P extends ApiPath> {
  path?: PathParamsOf<P>;
  signal?: AbortSignal;
}

type QueryValue = string | number | boolean | readonly (string | number)[] | null | undefined;

/** One request: the path's parameters, the query, and what it accepts. */
interface RequestSpec {
  path: string;
  pathParams?: Record<string, string>;
  query?: Record<string, QueryValue>;
  accept: string;
  signal?: AbortSignal;
  /** The body is read as a stream for as long as it takes: the time-out bounds the wait for the headers only. */
  streamed?: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function queryString(query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * The client of the API: one method per operation, typed from the service's OpenAPI
 * document, with the service's recommended time-out and retries, typed errors
 * (`ApiError.code`), iteration over pages and CSV downloads.
 */
export class Client {
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly retry: RetryPolicy;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  private url(spec: RequestSpec): string {
    const path = spec.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = spec.pathParams?.[name];
      if (value === undefined) throw new TypeError(`${spec.path} needs its "${name}"`);
      return encodeURIComponent(value);
    });
    return this.baseUrl + path + queryString(spec.query);
  }

  /** One attempt: the answer, or a TransportError when none came. */
  private async attempt(url: string, spec: RequestSpec): Promise<Response> {
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new Error('time-out')), this.timeoutMs);
    const signal = spec.signal ? AbortSignal.any([spec.signal, timeout.signal]) : timeout.signal;
    try {
      const response = await this.fetch(url, {
        headers: { authorization: `Bearer ${this.options.apiKey}`, accept: spec.accept },
        signal,
      });
      if (spec.streamed) clearTimeout(timer);
      return response;
    } catch (err) {
      clearTimeout(timer);
      const timedOut = timeout.signal.aborted;
      const why = timedOut ? `no answer within ${this.timeoutMs} ms` : `the request failed: ${(err as Error).message}`;
      throw new TransportError(`GET ${url}: ${why}`, timedOut, { cause: err });
    }
  }

  /** Sends a request, retrying as the service recommends; the 200 answer, or an ApiError. */
  private async send(spec: RequestSpec): Promise<Response> {
    const url = this.url(spec);
    for (let retry = 0; ; retry++) {
      let response: Response;
      try {
        response = await this.attempt(url, spec);
      } catch (err) {
        if ((err as TransportError).timedOut || spec.signal?.aborted || retry >= this.retry.maxRetries) throw err;
        await sleep(retryDelayMs(this.retry, retry, undefined));
        continue;
      }
      if (response.ok) return response;
      const retryAfterS = parseRetryAfter(response.headers.get('retry-after'));
      const body = (await response.json().catch(() => ({}))) as Partial<ErrorBody>;
      if (!isRetryable(response.status) || retry >= this.retry.maxRetries) {
        throw new ApiError(response.status, body, retryAfterS);
      }
      await sleep(retryDelayMs(this.retry, retry, retryAfterS));
    }
  }

  /** Any operation by its path: the JSON body of its 200 answer. */
  async get<P extends ApiPath>(path: P, query?: QueryOf<P>, options: CallOptions<P> = {}): Promise<BodyOf<P>> {
    const pathParams = options.path as Record<string, string> | undefined;
    const spec = { path, query: query as Record<string, QueryValue>, pathParams, signal: options.signal };
    return (await (await this.send({ ...spec, accept: 'application/json' })).json()) as BodyOf<P>;
  }

  /** The rows of a list operation as CSV text (header row, RFC 4180). */
  async csv<P extends ApiPath>(path: P, query?: QueryOf<P>, options: CallOptions<P> = {}): Promise<string> {
    const withFormat = { ...(query as Record<string, QueryValue>), format: 'csv' };
    const pathParams = options.path as Record<string, string> | undefined;
    const spec = { path, query: withFormat, pathParams, signal: options.signal };
    return (await this.send({ ...spec, accept: 'text/csv' })).text();
  }

  /**
   * A file operation's answer (`/v1/trade/bulk`) as a stream of bytes, read as it
   * arrives: the time-out bounds the wait for the answer to start, not its length.
   */
  async download<P extends ApiPath>(
    path: P,
    query?: QueryOf<P>,
    options: CallOptions<P> = {},
  ): Promise<ReadableStream<Uint8Array>> {
    const pathParams = options.path as Record<string, string> | undefined;
    const spec = { path, query: query as Record<string, QueryValue>, pathParams, signal: options.signal };
    const response = await this.send({ ...spec, accept: '*/*', streamed: true });
    if (!response.body) throw new TypeError(`GET ${path}: the answer has no body`);
    return response.body;
  }

  /** Every page of a paged operation, following `next_cursor` until the last. */
  async *pages<P extends PagedPath>(path: P, query?: Omit<QueryOf<P>, 'cursor'>): AsyncGenerator<BodyOf<P>> {
    let cursor: string | null | undefined;
    do {
      const page = await this.get(path, { ...query, ...(cursor ? { cursor } : {}) } as QueryOf<P>);
      yield page;
      cursor = (page as { next_cursor?: string | null }).next_cursor;
    } while (cursor);
  }

  /** Every row of a paged operation, page after page. */
  async *rows<P extends PagedPath>(path: P, query?: Omit<QueryOf<P>, 'cursor'>): AsyncGenerator<RowOf<P>> {
    for await (const page of this.pages(path, query)) yield* (page as { data: Array<RowOf<P>> }).data;
  }
}
