import { ERRORS, type ErrorCode } from '../../errors.js';
import { REQUEST_ID_EXAMPLE } from '../schemas.js';
import { NOT_MODIFIED_HEADERS, QUOTA_HEADERS, RATE_LIMITED_HEADERS, headerRefs, type HeaderName } from './headers.js';
import type { MediaType, Response } from './types.js';

/**
 * The answers other than 200 that every operation documents, once each in
 * `components.responses`. Their examples are the registry's own codes and messages,
 * so the document cannot drift from what the service sends.
 */

/** Example messages where the registry's default is not what the service says. */
const MESSAGES: Partial<Record<ErrorCode, string>> = {
  not_found: 'Unknown country: "XYZ".',
  validation_error: 'Invalid parameter: limit.',
  rate_limit_exceeded: 'Rate limit of 600 requests per 60 s exceeded; retry after 12 s.',
  quota_exceeded: 'This operation costs 2 credit(s); 1 remain this month. The quota renews at 2026-07-01T00:00:00Z.',
};

const bodyOf = (code: ErrorCode) => ({
  error: code,
  message: MESSAGES[code] ?? ERRORS[code].message,
  request_id: REQUEST_ID_EXAMPLE,
  ...(code === 'validation_error'
    ? { detail: [{ loc: ['query', 'limit'], msg: 'must be <= 100', type: 'less_than_equal' }] }
    : {}),
});

/** The error body of `codes`: one example, or one named example per code when a status has several. */
function errorContent(codes: ErrorCode[]): Record<string, MediaType> {
  const schema = { $ref: '#/components/schemas/ErrorBody' };
  const media: MediaType =
    codes.length === 1
      ? { schema, example: bodyOf(codes[0]!) }
      : { schema, examples: Object.fromEntries(codes.map((c) => [c, { summary: c, value: bodyOf(c) }])) };
  return { 'application/json': media };
}

const error = (description: string, codes: ErrorCode[], headers: HeaderName[] = ['X-Request-Id']): Response => ({
  description,
  headers: headerRefs(headers),
  content: errorContent(codes),
});

/** The named responses, by the status each answers. */
export const ERROR_RESPONSES = {
  304: {
    name: 'NotModified',
    response: {
      description:
        '`If-None-Match` matches the current ETag: no body, no credits consumed (counts against the rate limit).',
      headers: headerRefs(NOT_MODIFIED_HEADERS),
    },
  },
  400: {
    name: 'BadRequest',
    response: error('Malformed request: an undecodable query string, or a single-valued parameter repeated.', [
      'bad_request',
    ]),
  },
  401: {
    name: 'Unauthorized',
    response: error(
      '`Authorization: Bearer <key>` is missing, malformed, given twice, or names an unknown or revoked key. ' +
        'The message says where keys come from: the dashboard at `/dashboard` where the service runs one, ' +
        'else its operator.',
      ['invalid_key'],
      ['X-Request-Id', 'WWW-Authenticate'],
    ),
  },
  403: {
    name: 'Forbidden',
    response: error(
      '`forbidden`: the gateway secret is configured and the request lacks it; ' +
        "`quota_exceeded`: the key's remaining credits are below the operation's cost.",
      ['forbidden', 'quota_exceeded'],
      QUOTA_HEADERS,
    ),
  },
  404: {
    name: 'NotFound',
    response: error('Unknown path, path parameter, or a filter token (the message names it).', ['not_found']),
  },
  405: {
    name: 'MethodNotAllowed',
    response: error(
      'Only GET and HEAD are served; checked before anything else.',
      ['method_not_allowed'],
      ['X-Request-Id', 'Allow'],
    ),
  },
  422: {
    name: 'ValidationError',
    response: error(
      'A parameter failed its schema (or is unknown): `detail` lists every failed parameter, path and query together.',
      ['validation_error'],
    ),
  },
  429: {
    name: 'RateLimited',
    response: error(
      "The key's sliding window is full: retry after `Retry-After` seconds.",
      ['rate_limit_exceeded'],
      [...RATE_LIMITED_HEADERS],
    ),
  },
  500: {
    name: 'InternalError',
    response: error('A bug; logged with the request id, which the body carries.', ['internal_error']),
  },
  503: {
    name: 'Unavailable',
    response: error(
      'A dependency is unavailable or the data store is saturated; `Retry-After` when a retry soon may succeed.',
      ['provider_unavailable'],
      ['X-Request-Id', 'Retry-After'],
    ),
  },
  504: {
    name: 'Timeout',
    response: error("The request's work ran past its deadline; its queries were cancelled.", ['provider_timeout']),
  },
} as const satisfies Record<number, { name: string; response: Response }>;

/** `components.responses`: the named responses. */
export const namedResponses = (): Record<string, Response> =>
  Object.fromEntries(Object.values(ERROR_RESPONSES).map(({ name, response }) => [name, response]));

/** An operation's references to the named responses, by status. */
export const errorResponseRefs = (): Record<string, { $ref: string }> =>
  Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([status, { name }]) => [status, { $ref: `#/components/responses/${name}` }]),
  );
