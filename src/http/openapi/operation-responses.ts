import { toCsv } from '../csv.js';
import { errorResponseRefs } from './error-responses.js';
import { exampleOf } from './examples.js';
import { DOWNLOAD_HEADERS, headerRefs, successHeaders } from './headers.js';
import type { OperationDoc, ResponseOrRef, Schema } from './types.js';

/**
 * The responses of one operation: its 200 (JSON, and CSV where its `data` is rows),
 * with the headers every 200 carries, then references to the shared answers (304 and
 * every error status).
 */

/** What the 200 body of an operation is made of, read from its JSON schema. */
function shapeOf(body: Schema) {
  const properties = (body.properties ?? {}) as Record<string, Schema>;
  return { paged: 'next_cursor' in properties, timed: 'duration_ms' in properties };
}

/** The CSV of an example body: its rows as the service writes them, without the envelope. */
function csvExample(example: unknown): string {
  const rows = (example as { data: Array<Record<string, unknown>> }).data;
  return toCsv(Object.keys(rows[0] ?? {}), rows);
}

/** The example of a 200 body: the operation's own rows where it gives them, in the schema's field order. */
function successExample(body: Schema, doc: OperationDoc): unknown {
  const built = exampleOf(body, '#/200');
  return doc.example ? { ...(built as object), ...doc.example } : built;
}

export function operationResponses(
  body: Schema,
  doc: OperationDoc,
  answers: { csv: boolean; editions: boolean },
): Record<string, ResponseOrRef> {
  const { csv } = answers;
  const shape = shapeOf(body);
  const example = successExample(body, doc);
  return {
    200: {
      description: doc.returns,
      headers: headerRefs(successHeaders(csv ? shape : undefined, answers.editions)),
      content: {
        'application/json': { schema: body, example },
        ...(csv
          ? {
              'text/csv': {
                schema: { type: 'string', description: 'RFC 4180: a header row, then one row per item of `data`' },
                example: csvExample(example),
              },
            }
          : {}),
      },
    },
    ...errorResponseRefs(),
  };
}

/** The responses of an operation answering a file: Parquet or CSV as an attachment, then the shared answers. */
export function downloadResponses(
  doc: OperationDoc & { download: { csvExample: string } },
): Record<string, ResponseOrRef> {
  return {
    200: {
      description: doc.returns,
      headers: headerRefs(DOWNLOAD_HEADERS),
      content: {
        'application/vnd.apache.parquet': {
          schema: { type: 'string', format: 'binary', contentMediaType: 'application/vnd.apache.parquet' },
          example: 'PAR1 … PAR1 (row groups of up to 100 000 rows, then the footer)',
        },
        'text/csv': {
          schema: { type: 'string', description: 'RFC 4180: a header row, then one row per observation' },
          example: doc.download.csvExample,
        },
      },
    },
    ...errorResponseRefs(),
  };
}
