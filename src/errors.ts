/**
 * The one error registry: every machine code the API can answer with, its HTTP
 * status and its default human message. Clients branch on `code`, never on text.
 */
export const ERRORS = {
  bad_request: { status: 400, message: 'The request is malformed.' },
  invalid_key: {
    status: 401,
    message:
      'The API key is missing, invalid or revoked. Send it as Authorization: Bearer <key>; ' +
      "keys are issued by this service's operator (npm run keys).",
  },
  forbidden: { status: 403, message: 'The request did not pass through the gateway.' },
  quota_exceeded: { status: 403, message: 'The credit quota of this API key is exhausted.' },
  not_found: { status: 404, message: 'Not found.' },
  method_not_allowed: { status: 405, message: 'Method not allowed; use GET or HEAD.' },
  not_acceptable: { status: 406, message: 'No format named by Accept (or format) can be produced.' },
  request_timeout: { status: 408, message: 'The request was not received in time.' },
  payload_too_large: { status: 413, message: 'The request body is too large; no operation takes a body.' },
  uri_too_long: { status: 414, message: 'The request target is too long.' },
  validation_error: { status: 422, message: 'A parameter did not validate.' },
  header_fields_too_large: { status: 431, message: 'The request header section is too large.' },
  rate_limit_exceeded: { status: 429, message: 'Rate limit exceeded; retry after the time in Retry-After.' },
  internal_error: { status: 500, message: 'Internal error; quote the request id when reporting it.' },
  not_implemented: { status: 501, message: 'This resource of the protocol is not implemented.' },
  provider_unavailable: { status: 503, message: 'A dependency of the service is unavailable; retry later.' },
  provider_timeout: { status: 504, message: 'The request ran past its time limit; its queries were cancelled.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** Where the dashboard is served, when the server runs it: a person creates API keys there. */
export const DASHBOARD_PATH = '/dashboard';

/**
 * The 401 `invalid_key` message: where keys come from. On a server that runs the
 * dashboard, a person creates one there; otherwise the operator issues them (the
 * registry's message).
 */
export function invalidKeyMessage(dashboard: boolean): string {
  if (!dashboard) return ERRORS.invalid_key.message;
  return (
    'The API key is missing, invalid or revoked. Send it as Authorization: Bearer <key>; ' +
    `create a key in the dashboard at ${DASHBOARD_PATH}.`
  );
}

/** One failed parameter of a 422 answer. */
export interface ValidationIssue {
  loc: ['query' | 'path', string];
  msg: string;
  type: string;
}

const STACK_TRACE_LIMIT = Error.stackTraceLimit;

/** Turns stack capture off for the Error constructor about to run (StacklessError restores it). */
function withoutStack(message: string): string {
  Error.stackTraceLimit = 0;
  return message;
}

/**
 * An error that is an expected condition, not a fault (an answer, a store that is
 * busy): no stack is captured. Under a flood of refused requests, capturing one cost
 * most of the time of each.
 */
export class StacklessError extends Error {
  constructor(message: string) {
    super(withoutStack(message));
    Error.stackTraceLimit = STACK_TRACE_LIMIT;
  }
}

/** An answer other than 200: a code of the registry, with its status. */
export class ApiError extends StacklessError {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: ValidationIssue[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message?: string,
    opts: { detail?: ValidationIssue[]; headers?: Record<string, string> } = {},
  ) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.status = ERRORS[code].status;
    this.detail = opts.detail;
    this.headers = opts.headers ?? {};
  }
}

/** A 422 for one parameter, with its detail item. */
export function invalidParam(loc: ['query' | 'path', string], msg: string, type = 'value_error'): ApiError {
  return new ApiError('validation_error', `Invalid parameter "${loc[1]}": ${msg}`, {
    detail: [{ loc: [...loc], msg, type }],
  });
}

/** A 404 naming the unknown token. */
export function unknownToken(kind: string, token: string): ApiError {
  return new ApiError('not_found', `Unknown ${kind}: "${token}".`);
}
