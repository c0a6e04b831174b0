import { namedResponses } from './error-responses.js';
import { HEADERS } from './headers.js';
import { nameSchemas } from './named-schemas.js';
import { downloadResponses, operationResponses } from './operation-responses.js';
import { IF_NONE_MATCH, clientParameter } from './parameters.js';
import type { Document, Operation, OperationDoc, Parameter, Schema } from './types.js';

/**
 * Completes the document the routes' schemas give (their parameters and 200 bodies)
 * with what those schemas cannot say: response descriptions, headers and examples,
 * the shared error answers, CSV representations, prices, and named resources.
 */

/** What the document needs to know of each API operation besides its schemas, by operationId. */
export interface DocumentedOperation {
  doc: OperationDoc;
  /** Credits a 200 answer consumes. */
  cost: number;
}

const CSV_NOTE = 'Also answers `text/csv` (`format=csv`, or `Accept: text/csv` without `format`).';

/** Whether the operation takes the query parameter `name`. */
const takes = (parameters: Array<Parameter | { $ref: string }>, name: string) =>
  parameters.some((p) => 'name' in p && p.name === name);

/** Whether the operation answers CSV: its `format` parameter offers `csv`. */
const answersCsv = (parameters: Array<Parameter | { $ref: string }>) =>
  parameters.some(
    (p) => 'name' in p && p.name === 'format' && (p.schema?.enum as unknown[] | undefined)?.includes('csv'),
  );

/** The schema of the JSON 200 body, as the route's response schema gives it. */
function successBody(operation: Operation): Schema {
  const success = operation.responses['200'];
  const body = success && 'content' in success ? success.content?.['application/json']?.schema : undefined;
  if (!body) throw new Error(`${operation.operationId}: no 200 body schema to document`);
  return body;
}

function completeOperation(operation: Operation, documented: DocumentedOperation): Operation {
  const parameters = (operation.parameters ?? []).map((p) => ('$ref' in p ? p : clientParameter(p)));
  const { download } = documented.doc;
  if (download) return completeDownload(operation, { ...documented.doc, download }, parameters);
  const csv = answersCsv(parameters);
  const body = successBody(operation);
  const credits = `${documented.cost} credit${documented.cost > 1 ? 's' : ''}`;
  const price = `Costs ${credits} per 200 answer; other answers are free.`;
  const { operationId, summary, ...rest } = operation;
  return {
    operationId,
    summary,
    description: [price, ...(csv ? [CSV_NOTE] : [])].join(' '),
    ...rest,
    parameters: [...parameters, { $ref: '#/components/parameters/IfNoneMatch' }],
    responses: operationResponses(body, documented.doc, { csv, editions: takes(parameters, 'hs_version') }),
  };
}

/** An operation whose 200 answer is a file: Parquet (binary) or CSV, priced by its rows. */
function completeDownload(
  operation: Operation,
  doc: OperationDoc & { download: { csvExample: string } },
  parameters: NonNullable<Operation['parameters']>,
): Operation {
  const { operationId, summary, ...rest } = operation;
  return {
    operationId,
    summary,
    description:
      'Costs 1 credit per started 100 000 rows (at least 1), counted and reserved before the first byte; ' +
      'other answers are free. An error after the first byte ends the stream: the file is left truncated.',
    ...rest,
    parameters,
    responses: downloadResponses(doc),
  };
}

export function completeDocument(doc: Document, operations: ReadonlyMap<string, DocumentedOperation>): Document {
  const paths: Document['paths'] = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    paths[path] = {};
    for (const [method, operation] of Object.entries(item)) {
      const documented = operations.get(operation.operationId ?? '');
      if (!documented)
        throw new Error(`${method.toUpperCase()} ${path}: not an operation of the API, or no operationId`);
      paths[path][method] = completeOperation(operation, documented);
    }
  }
  const components: Document['components'] = {
    ...doc.components,
    responses: namedResponses(),
    headers: HEADERS,
    parameters: { IfNoneMatch: IF_NONE_MATCH },
  };
  return nameSchemas({ ...doc, paths, components });
}
