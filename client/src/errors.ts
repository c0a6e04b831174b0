import type { paths } from './api-types.js';

/** The canonical error body of the service, as its OpenAPI document describes it. */
export type ErrorBody = paths['/v1/countries']['get']['responses'][401]['content']['application/json'];

/** The service's error codes (`invalid_key`, `rate_limit_exceeded`, ...): branch on these, never on messages. */
export type ErrorCode = ErrorBody['error'];

/** One failed parameter of a 422 answer: `loc` is `['query' | 'path', name]`. */
export type ValidationIssue = NonNullable<ErrorBody['detail']>[number];

/** An answer other than 200, with the service's code, message and request id. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly requestId: string | undefined;
  /** The failed parameters of a 422. */
  readonly detail: ValidationIssue[] | undefined;
  /** Seconds the service asked to wait (429, 503), when it said. */
  readonly retryAfterS: number | undefined;

  constructor(status: number, body: Partial<ErrorBody>, retryAfterS?: number) {
    super(body.message ?? `HTTP ${status}`);
    this.status = status;
    this.code = body.error ?? 'internal_error';
    this.requestId = body.request_id;
    this.detail = body.detail;
    this.retryAfterS = retryAfterS;
  }
}

/** The request did not complete: no answer within the time-out, or the connection failed. */
export class TransportError extends Error {
  override readonly name = 'TransportError';
  constructor(
    message: string,
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
