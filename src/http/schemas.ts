import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox';
import { ERRORS, type ErrorCode } from '../errors.js';

/** A string restricted to `values`, as one JSON-schema enum (one clean 422 item, not one per branch). */
export const StringEnum = <const T extends string>(
  values: readonly T[],
  opts: { description?: string; default?: NoInfer<T>; examples?: NoInfer<T>[] } = {},
) => Type.Unsafe<T>({ type: 'string', enum: [...values], ...opts });

/** `schema` or null; `opts` (a description) annotate the whole, which is where a document reader looks. */
export const Nullable = <T extends TSchema>(schema: T, opts: { description?: string } = {}) =>
  Type.Union([schema, Type.Null()], opts);

/**
 * Gives `schema` its example, typed by the schema, so a wrong example does not compile.
 * Examples are annotations: neither validation nor serialisation reads them.
 */
export function withExample<T extends TSchema>(schema: T, example: Static<T>): T {
  schema.examples = [example];
  return schema;
}

/** An example request id (a UUID v4). */
export const REQUEST_ID_EXAMPLE = '0b2c78f6-c02c-48d7-a40e-c241be24eb71';

const RequestId = () =>
  Type.String({
    format: 'uuid',
    description: 'the id of this request, also in `x-request-id`',
    examples: [REQUEST_ID_EXAMPLE],
  });

export const ValidationIssueSchema = Type.Object(
  {
    loc: Type.Array(Type.String(), {
      description: '["query" | "path", parameter name]',
      examples: [['query', 'limit']],
    }),
    msg: Type.String({ description: 'what is wrong with the parameter, in words', examples: ['must be <= 100'] }),
    type: Type.String({
      description: 'machine type, e.g. missing, int_parsing, less_than_equal, enum, extra_forbidden',
      examples: ['less_than_equal'],
    }),
  },
  { title: 'ValidationIssue', description: 'One failed parameter of a 422 answer.' },
);

/** Every code of the error registry: what `error` may be. */
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export const ErrorBodySchema = Type.Object(
  {
    error: StringEnum(ERROR_CODES, { description: 'machine code; branch on this, never on `message`' }),
    message: Type.String({ description: 'human text; never a stack trace or SQL' }),
    request_id: RequestId(),
    detail: Type.Optional(
      Type.Array(ValidationIssueSchema, { description: '422 only: one item per failed parameter, path and query' }),
    ),
  },
  { $id: 'ErrorBody', title: 'ErrorBody', description: 'The body of every error answer.' },
);

/** Economics success envelope. */
export const economicsBody = <T extends TSchema>(data: T) => Type.Object({ data, request_id: RequestId() });

/** An example page cursor (opaque: clients pass it back as it is). */
export const CURSOR_EXAMPLE = 'WzEsIkRFVS5DUElfWU9ZIiwiMjAyNC0wMS0wMSJdCmtIcFhB';

/** The cursor of a paged answer's next page; null on the last page. */
export const NextCursor = (description = 'pass as `cursor` for the next page; null on the last page') =>
  Type.Union([Type.String(), Type.Null()], { description, examples: [CURSOR_EXAMPLE] });

/**
 * Trade success envelope. `fields` (a page's `next_cursor`) come between `data` and
 * the fields every trade answer ends with.
 */
export const tradeBody = <T extends TSchema, F extends TProperties = Record<never, TSchema>>(
  data: T,
  fields: F = {} as F,
) =>
  Type.Object({
    data,
    ...fields,
    request_id: RequestId(),
    duration_ms: Type.Integer({ minimum: 0, description: 'time the service took, in milliseconds', examples: [12] }),
  });

/** Economics envelope of a paged answer: `next_cursor` is null on the last page. */
export const pageBody = <T extends TSchema>(data: T) =>
  Type.Object({
    data,
    next_cursor: NextCursor(),
    request_id: RequestId(),
  });
