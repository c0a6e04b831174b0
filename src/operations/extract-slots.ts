import { ApiError } from '../errors.js';

/** What bounds the files a server writes (`EXTRACT_CONCURRENCY`, `EXTRACT_IDLE_S`, `EXTRACT_TIMEOUT_MS`). */
export interface ExtractLimits {
  /** Files written at once: each has a DuckDB database of its own (128 MB) and a core while it runs. */
  concurrency: number;
  /** A client that takes no byte for this long is cut off, and its slot freed. */
  idleMs: number;
  /** The longest one file may take, from its request to its last byte. */
  timeoutMs: number;
}

/** Seconds a client refused an extract is told to wait before it asks again. */
const RETRY_AFTER_S = 10;

/**
 * The extracts a server writes at once: at most one per key (a second is 429
 * rate_limit_exceeded), and at most `concurrency` in all (then 503), each refusal
 * with Retry-After. An extract holds its slot until `release` is called.
 */
export class ExtractSlots {
  private readonly running = new Set<string>();

  constructor(private readonly concurrency: number) {}

  /** Extracts running now. */
  get size(): number {
    return this.running.size;
  }

  /** A slot for `keyId`'s extract, or the refusal; the returned function frees it (once). */
  take(keyId: string): () => void {
    const headers = { 'retry-after': String(RETRY_AFTER_S) };
    if (this.running.has(keyId)) {
      throw new ApiError(
        'rate_limit_exceeded',
        'This key already has an extract running; one runs at a time per key.',
        {
          headers,
        },
      );
    }
    if (this.running.size >= this.concurrency) {
      throw new ApiError('provider_unavailable', 'Other files are being written; retry shortly.', { headers });
    }
    this.running.add(keyId);
    let held = true;
    return () => {
      if (held) this.running.delete(keyId);
      held = false;
    };
  }
}
