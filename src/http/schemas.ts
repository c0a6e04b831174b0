import { Type, type TProperties, type TSchema } from '@sinclair/typebox';

/** A string restricted to `values`, as one JSON-schema enum (one clean 422 item, not one per branch). */
export const StringEnum = <const T extends string>(
  values: readonly T[],
  opts: { description?: string; default?: NoInfer<T> } = {},
) => Type.Unsafe<T>({ type: 'string', enum: [...values], ...opts });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ValidationIssueSchema = Type.Object({
  loc: Type.Array(Type.String(), { description: '["query" | "path", parameter name]' }),
  msg: Type.String(),
  type: Type.String({ description: 'machine type, e.g. missing, int_parsing, less_than_equal, enum' }),
});

export const ErrorBodySchema = Type.Object(
  {
    error: Type.String({ description: 'machine code; branch on this' }),
    message: Type.String(),
    request_id: Type.String({ format: 'uuid' }),
    detail: Type.Optional(Type.Array(ValidationIssueSchema)),
  },
  { $id: 'ErrorBody', title: 'Error' },
);

/** Economics success envelope. */
export const economicsBody = <T extends TSchema>(data: T) =>
  Type.Object({ data, request_id: Type.String({ format: 'uuid' }) });

/** The cursor of a paged answer's next page; null on the last page. */
export const NextCursor = (description = 'pass as `cursor` for the next page; null on the last page') =>
  Type.Union([Type.String(), Type.Null()], { description });

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
    request_id: Type.String({ format: 'uuid' }),
    duration_ms: Type.Integer({ minimum: 0 }),
  });

/** Economics envelope of a paged answer: `next_cursor` is null on the last page. */
export const pageBody = <T extends TSchema>(data: T) =>
  Type.Object({
    data,
    next_cursor: NextCursor(),
    request_id: Type.String({ format: 'uuid' }),
  });
