import { ERRORS } from '../../errors.js';

/** The parts of the OpenAPI document that no route gives: what the API is, where, and how to call it. */

/** Every code of the error registry with its status, parser-level ones (408, 413, 414, 431) included. */
const errorTable = () =>
  [
    '| Status | `error` | Default message |',
    '|---|---|---|',
    ...Object.entries(ERRORS).map(([code, { status, message }]) => `| ${status} | \`${code}\` | ${message} |`),
  ].join('\n');

const SUMMARY = 'Read-only JSON API: economic indicators for 50 countries and HS6 bilateral goods trade.';

/** Follows the summary, which a reader shows above it (Swagger UI does): it does not repeat it. */
const description = () =>
  `Every operation is a GET under \`/v1\` and needs \`Authorization: Bearer <API key>\`. Economics answers are
\`{ data, request_id }\` (history adds \`next_cursor\`); trade answers are \`{ data, request_id, duration_ms }\`
(\`/v1/trade\` and \`/v1/trade/monthly\` add \`next_cursor\`). Every answer carries \`x-request-id\`, equal to
\`request_id\`.

Every 200 carries a weak \`ETag\` and \`Cache-Control: private, max-age=<seconds>\`; send the ETag back in
\`If-None-Match\` to get 304. Each key has a sliding-window rate limit (429 with \`Retry-After\`) and, when it has
a quota, monthly credits (403 \`quota_exceeded\`); only a 200 consumes credits.

Errors are \`{ error, message, request_id }\` (422 adds \`detail\`); branch on \`error\`:

${errorTable()}`;

export const documentHead = () => ({
  openapi: '3.1.0',
  info: {
    title: 'Economic statistics and bilateral trade API',
    version: '1.0.0',
    summary: SUMMARY,
    description: description(),
  },
  servers: [{ url: '/', description: 'The server that serves this document; every path starts with /v1.' }],
  components: {
    securitySchemes: {
      bearerAuth: {
        type: 'http' as const,
        scheme: 'bearer',
        description: 'An API key (`npm run keys -- create` prints a new one, once).',
      },
    },
  },
  security: [{ bearerAuth: [] }],
  tags: [
    { name: 'economics', description: 'Countries, indicators, latest values, history, search and updates.' },
    { name: 'trade', description: 'Bilateral HS6 goods trade: observations, summaries, products and countries.' },
  ],
});
