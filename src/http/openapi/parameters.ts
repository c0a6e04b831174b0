import type { Parameter, Schema } from './types.js';

/**
 * Parameters as clients should read them. The routes' query schemas list a
 * parameter with a default as required, because the validator fills the default in
 * before it checks `required`; to a client such a parameter is optional.
 */

/** `If-None-Match`: what turns a repeated request into a 304 (`components.parameters`). */
export const IF_NONE_MATCH: Parameter = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description: 'The ETag of a copy the client holds: 304 without a body (and without a charge) while it is current.',
  schema: { type: 'string' },
  example: 'W/"20260605T083817000Z-50f39b.Bkl5nW0Ypa21SaeFjjcYzh"',
};

/** `anyOf` of single-value string enums (a union of literals) as one enum: the same values, simpler for clients. */
function mergedLiterals(schema: Schema): Schema {
  const branches = schema.anyOf as Schema[] | undefined;
  const values = branches?.map((b) =>
    b.type === 'string' && Array.isArray(b.enum) && b.enum.length === 1 ? (b.enum[0] as unknown) : undefined,
  );
  if (!branches || !values || values.includes(undefined)) return schema;
  const { anyOf: _anyOf, ...rest } = schema;
  return { type: 'string', enum: values, ...rest };
}

export function clientParameter(parameter: Parameter): Parameter {
  const schema = parameter.schema && mergedLiterals(parameter.schema);
  const optional = schema?.default !== undefined && parameter.in !== 'path';
  return { ...parameter, ...(schema ? { schema } : {}), ...(optional ? { required: false } : {}) };
}
