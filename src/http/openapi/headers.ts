import { CURSOR_EXAMPLE, REQUEST_ID_EXAMPLE } from '../schemas.js';
import type { Json } from './types.js';

/**
 * The response headers the document describes, by name (`components.headers`), and
 * which answers carry them. Names are written as the HTTP drafts and RFCs write them;
 * HTTP header names are case-insensitive (the service sends them in lower case).
 */

const header = (description: string, schema: Json, example: unknown): Json => ({ description, schema, example });

/** A header every answer of its kind carries. */
const always = (h: Json): Json => ({ ...h, required: true });

const integer = (minimum: number): Json => ({ type: 'integer', minimum });

export const HEADERS = {
  'X-Request-Id': always(
    header(
      'A fresh UUID v4 per request; the same value as the body field `request_id`. Quote it when reporting a problem.',
      { type: 'string', format: 'uuid' },
      REQUEST_ID_EXAMPLE,
    ),
  ),
  ETag: always(
    header(
      'Weak validator of the answer; it changes exactly when the data it represents can change (a new snapshot). ' +
        'Send it back in `If-None-Match` to get 304 when nothing changed.',
      { type: 'string' },
      'W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"',
    ),
  ),
  'Cache-Control': always(
    header(
      'How long the answer may be reused: `private, max-age=<CACHE_MAX_AGE_S>`.',
      { type: 'string' },
      'private, max-age=60',
    ),
  ),
  Vary: header(
    'Request headers that select the representation: `Accept-Encoding`, and `Accept` where CSV is offered.',
    { type: 'string' },
    'Accept, Accept-Encoding',
  ),
  'RateLimit-Policy': header(
    "The key's sliding window (IETF draft-ietf-httpapi-ratelimit-headers): q requests per w seconds.",
    { type: 'string' },
    '"window";q=600;w=60',
  ),
  RateLimit: header(
    'Requests remaining in the window (r) and seconds until it frees one (t), as a structured field.',
    { type: 'string' },
    '"window";r=599;t=60',
  ),
  'RateLimit-Limit': header('Requests allowed per window (earlier drafts).', integer(1), 600),
  'RateLimit-Remaining': header('Requests remaining in the window (earlier drafts).', integer(0), 599),
  'RateLimit-Reset': header('Seconds until the window frees a request (earlier drafts).', integer(0), 60),
  'X-Credits-Remaining': header("Credits left in this month's quota; keys with a quota only.", integer(0), 9998),
  'X-Credits-Reset': header(
    'When the quota renews (UTC date-time); keys with a quota only.',
    { type: 'string', format: 'date-time' },
    '2026-07-01T00:00:00Z',
  ),
  'Retry-After': header('Seconds to wait before retrying (an integer of at least 1).', integer(1), 12),
  'WWW-Authenticate': always(
    header(
      'The Bearer challenge (RFC 6750), with `error="invalid_token"` when a credential was sent.',
      { type: 'string' },
      'Bearer realm="api", error="invalid_token"',
    ),
  ),
  Allow: always(header('The methods the path answers.', { type: 'string', enum: ['GET, HEAD'] }, 'GET, HEAD')),
  'X-Next-Cursor': header(
    'CSV answers of paged operations: the `next_cursor` of the page; absent on the last page.',
    { type: 'string' },
    CURSOR_EXAMPLE,
  ),
  'X-Duration-Ms': header('CSV answers of trade operations: the `duration_ms` of the envelope.', integer(0), 12),
  'X-HS-Excluded-Flows': header(
    'Operations taking `hs_version`: the matching flows left out of the answer (reported in an earlier ' +
      'edition than asked, or under a code without a conversion); 0 when none.',
    integer(0),
    0,
  ),
  'X-Rows': header('Extracts: the rows of the file, counted before its first byte.', integer(0), 14997),
  'Content-Disposition': header(
    'Extracts: an attachment and its file name.',
    { type: 'string' },
    'attachment; filename="trade-2023-2023.parquet"',
  ),
} as const satisfies Record<string, Json>;

export type HeaderName = keyof typeof HEADERS;

const RATE_LIMIT: HeaderName[] = [
  'RateLimit-Policy',
  'RateLimit',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
];
const CREDITS: HeaderName[] = ['X-Credits-Remaining', 'X-Credits-Reset'];

/**
 * Headers of a 200 answer; `csv` adds those that carry the envelope's fields in a CSV
 * answer, `editions` the count of flows an answer in an HS edition leaves out.
 */
export function successHeaders(csv: { paged: boolean; timed: boolean } | undefined, editions = false): HeaderName[] {
  return [
    'X-Request-Id',
    'ETag',
    'Cache-Control',
    'Vary',
    ...RATE_LIMIT,
    ...CREDITS,
    ...(csv?.paged ? (['X-Next-Cursor'] as const) : []),
    ...(csv?.timed ? (['X-Duration-Ms'] as const) : []),
    ...(editions ? (['X-HS-Excluded-Flows'] as const) : []),
  ];
}

/** Headers of a file answer (an extract): not cached, so no validator. */
export const DOWNLOAD_HEADERS: HeaderName[] = [
  'X-Request-Id',
  'Cache-Control',
  'Content-Disposition',
  'X-Rows',
  'X-HS-Excluded-Flows',
  ...RATE_LIMIT,
  ...CREDITS,
];

export const NOT_MODIFIED_HEADERS: HeaderName[] = ['X-Request-Id', 'ETag', 'Cache-Control', ...RATE_LIMIT];
export const RATE_LIMITED_HEADERS: HeaderName[] = ['X-Request-Id', 'Retry-After', ...RATE_LIMIT];
export const QUOTA_HEADERS: HeaderName[] = ['X-Request-Id', ...CREDITS];

/** References to the named headers, as a Response Object's `headers`. */
export const headerRefs = (names: readonly HeaderName[]): Record<string, Json> =>
  Object.fromEntries(names.map((n) => [n, { $ref: `#/components/headers/${n}` }]));
