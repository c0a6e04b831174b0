import type { TObject } from '@sinclair/typebox';

/** A tool's input schema: plain JSON Schema of one object. */
export interface InputSchema {
  [key: string]: unknown;
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties: false;
}

/** A copy of `value` as plain JSON, without the API's own keywords (`x-…`), which only its validator reads. */
function withoutApiKeywords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutApiKeywords);
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (!k.startsWith('x-')) copy[k] = withoutApiKeywords(v);
  return copy;
}

function propertiesOf(schema: TObject | undefined): Record<string, Record<string, unknown>> {
  if (!schema) return {};
  return withoutApiKeywords(schema.properties) as Record<string, Record<string, unknown>>;
}

/**
 * An operation's path and query parameters as one object schema, with their
 * descriptions. A parameter with a default is not required of the caller (the
 * operation fills it in).
 */
export function inputSchemaOf(operation: { params?: TObject; query?: TObject }): InputSchema {
  const path = propertiesOf(operation.params);
  const query = propertiesOf(operation.query);
  for (const name of Object.keys(path)) {
    if (Object.hasOwn(query, name)) throw new Error(`parameter ${name} is both a path and a query parameter`);
  }
  const properties = { ...path, ...query };
  const required = [...(operation.params?.required ?? []), ...(operation.query?.required ?? [])].filter(
    (name) => properties[name] !== undefined && !('default' in properties[name]),
  );
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}
