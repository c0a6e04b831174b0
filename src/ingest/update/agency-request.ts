import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { HostSlots } from './host-slots.js';
import { redactUrl } from './redact.js';

/** What an agency answered a GET: a body saved to a file, nothing new since the last fetch, or no data. */
export type AgencyAnswer =
  | { kind: 'fetched'; file: string; bytes: number; etag?: string; lastModified?: string }
  /** 304 to a conditional request: the answer is the one fetched before. */
  | { kind: 'unchanged' }
  /** 404 (SDMX REST's "no results" for a query that matches nothing, `updatedAfter` included). */
  | { kind: 'no-results' };

export interface AgencyRequest {
  url: string;
  /** Where the body is written (the readers stream it from there). */
  file: string;
  headers?: Record<string, string>;
  /** The validators of the previous answer, sent as `If-None-Match` / `If-Modified-Since`. */
  etag?: string;
  lastModified?: string;
}

export interface RequestPolicy {
  /** One attempt's time limit, headers and body together (`UPDATE_TIMEOUT_S`). */
  timeoutMs: number;
  /** Retries after the first attempt, on network errors, 429 and 5xx (3). */
  retries: number;
  /** The first backoff; each retry doubles it (a 429's `Retry-After` wins when longer). */
  backoffMs: number;
  /** The longest wait a `Retry-After` may ask for; beyond it the request fails. */
  maxRetryAfterMs: number;
  /** Bytes an answer may have (a larger one fails the request). */
  maxBytes: number;
  /** Requests at once per host. */
  slots: HostSlots;
  /** How to wait (tests replace it to count the waits). */
  sleep?: (ms: number) => Promise<void>;
}

/** A request that failed after its retries: the message names the URL (without any key) and the reason. */
export class AgencyRequestError extends Error {
  override name = 'AgencyRequestError';
}

/** An answer that may succeed when asked again (network, 429, 5xx), with the wait the agency asked for. */
class Retryable extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3); undefined otherwise. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Fails a body that goes past `max` bytes as it streams. */
function bounded(max: number, counted: { bytes: number }): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      counted.bytes += chunk.length;
      if (counted.bytes > max) done(new Error(`the answer is larger than ${max} bytes`));
      else done(null, chunk);
    },
  });
}

/** One attempt: the answer's kind, or a `Retryable` / final error. */
async function attempt(req: AgencyRequest, policy: RequestPolicy): Promise<AgencyAnswer> {
  const headers: Record<string, string> = { ...req.headers };
  if (req.etag) headers['if-none-match'] = req.etag;
  if (req.lastModified) headers['if-modified-since'] = req.lastModified;
  let res: Response;
  const signal = AbortSignal.timeout(policy.timeoutMs);
  try {
    res = await fetch(req.url, { headers, signal, redirect: 'follow' });
  } catch (err) {
    throw new Retryable(signal.aborted ? `no answer within ${policy.timeoutMs} ms` : (err as Error).message);
  }
  if (res.status === 304) return { kind: 'unchanged' };
  if (res.status === 404) {
    await res.body?.cancel();
    return { kind: 'no-results' };
  }
  if (res.status === 429 || res.status >= 500) {
    await res.body?.cancel();
    throw new Retryable(`HTTP ${res.status}`, retryAfterMs(res.headers.get('retry-after')));
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new AgencyRequestError(`HTTP ${res.status}`);
  }
  const counted = { bytes: 0 };
  try {
    await pipeline(
      Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
      bounded(policy.maxBytes, counted),
      createWriteStream(req.file),
    );
  } catch (err) {
    await rm(req.file, { force: true });
    if (signal.aborted) throw new Retryable(`the answer did not arrive within ${policy.timeoutMs} ms`);
    if (counted.bytes > policy.maxBytes) throw new AgencyRequestError((err as Error).message);
    throw new Retryable(`the answer was cut: ${(err as Error).message}`);
  }
  const etag = res.headers.get('etag') ?? undefined;
  const lastModified = res.headers.get('last-modified') ?? undefined;
  return {
    kind: 'fetched',
    file: req.file,
    bytes: counted.bytes,
    ...(etag ? { etag } : {}),
    ...(lastModified ? { lastModified } : {}),
  };
}

/**
 * GETs an agency's URL under `policy` (CONTRACT §7, "Requests"): within the host's
 * slots, each attempt under the time limit, retried with exponential backoff on
 * network errors, 429 (after `Retry-After` when it asks for longer) and 5xx, at most
 * `retries` times; the body is streamed to `req.file`, bounded in bytes. Fails with
 * one line naming the URL, keys redacted, and the last reason.
 */
export async function requestAgency(req: AgencyRequest, policy: RequestPolicy): Promise<AgencyAnswer> {
  const sleep = policy.sleep ?? wait;
  const host = URL.canParse(req.url) ? new URL(req.url).host : req.url;
  let last = '';
  for (let n = 0; n <= policy.retries; n++) {
    try {
      return await policy.slots.run(host, () => attempt(req, policy));
    } catch (err) {
      if (!(err instanceof Retryable)) {
        throw new AgencyRequestError(`${redactUrl(req.url)}: ${(err as Error).message}`);
      }
      last = err.message;
      if (n === policy.retries) break;
      const backoff = policy.backoffMs * 2 ** n;
      if (err.retryAfterMs !== undefined && err.retryAfterMs > policy.maxRetryAfterMs) {
        last = `${err.message}, Retry-After ${Math.round(err.retryAfterMs / 1000)} s is longer than the run waits`;
        break;
      }
      await sleep(Math.max(backoff, err.retryAfterMs ?? 0));
    }
  }
  throw new AgencyRequestError(`${redactUrl(req.url)}: ${last} (after ${policy.retries} retries)`);
}
