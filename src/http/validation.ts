import type { FastifySchemaValidationError } from 'fastify';
import type { ValidationIssue } from '../errors.js';

const TYPES: Record<string, (e: FastifySchemaValidationError) => string> = {
  required: () => 'missing',
  type: (e) => {
    const t = (e.params as { type?: string }).type;
    return t === 'integer' ? 'int_parsing' : t === 'number' ? 'float_parsing' : `${t ?? 'value'}_type`;
  },
  maximum: () => 'less_than_equal',
  minimum: () => 'greater_than_equal',
  minLength: () => 'string_too_short',
  maxLength: () => 'string_too_long',
  enum: () => 'enum',
  pattern: () => 'string_pattern_mismatch',
  format: () => 'value_error',
};

/** One 422 detail item per failed parameter, from the schema validator's errors. */
export function issuesFromSchemaErrors(errors: FastifySchemaValidationError[], context: string | undefined): ValidationIssue[] {
  const where = context === 'params' ? 'path' : 'query';
  const byParam = new Map<string, ValidationIssue>();
  for (const e of errors) {
    const missing = (e.params as { missingProperty?: string }).missingProperty;
    const param = missing ?? e.instancePath.replace(/^\//, '').split('/')[0] ?? '';
    if (byParam.has(param)) continue;
    const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
    const description = (e as { parentSchema?: { description?: string } }).parentSchema?.description;
    const msg = missing
      ? 'field required'
      : allowed
        ? `must be one of: ${allowed.join(', ')}`
        : e.keyword === 'pattern' && description
          ? `must be ${description}`
          : (e.message ?? 'invalid value');
    byParam.set(param, { loc: [where, param], msg, type: (TYPES[e.keyword] ?? (() => 'value_error'))(e) });
  }
  return [...byParam.values()];
}
