import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyRequest, FastifySchema } from 'fastify';
import { ApiError, type ValidationIssue } from '../errors.js';
import { addParameterKeywords } from './keywords.js';

/**
 * Parameter validation for every operation. Fastify validates the path and the
 * query one after the other and stops at the first that fails; here each part's
 * validator records its issues instead of failing, and one hook raises a single 422
 * listing every failed parameter, path and query together.
 */

// No type coercion by the validator: its integer coercion takes `Infinity` and `1e3`.
const ajv = new Ajv({ allErrors: true, useDefaults: true, coerceTypes: false, strict: false, verbose: true });
addFormats.default(ajv);
addParameterKeywords(ajv);

/** Integers are plain decimal digits (an optional minus lets bounds say what is wrong). */
const INTEGER = /^-?\d+$/;

const issuesByInput = new WeakMap<object, ValidationIssue[]>();

const TYPES: Record<string, (e: ErrorObject) => string> = {
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

function messageOf(e: ErrorObject): string {
  const allowed = (e.params as { allowedValues?: unknown[] }).allowedValues;
  if (allowed) return `must be one of: ${allowed.join(', ')}`;
  const description = (e.parentSchema as { description?: string } | undefined)?.description;
  if (e.keyword === 'pattern' && description) return `must be ${description}`;
  if (e.keyword === 'type' && (e.params as { type?: string }).type === 'integer')
    return 'must be an integer written in decimal digits';
  return e.message ?? 'invalid value';
}

/** One 422 detail item per failed parameter (its first failure), from validator errors. */
export function issuesFromSchemaErrors(errors: ErrorObject[], where: 'query' | 'path'): ValidationIssue[] {
  const byParam = new Map<string, ValidationIssue>();
  for (const e of errors) {
    const p = e.params as { missingProperty?: string; param?: string; type?: string };
    const param = p.missingProperty ?? p.param ?? e.instancePath.replace(/^\//, '').split('/')[0] ?? '';
    if (byParam.has(param)) continue;
    const custom = e.keyword.startsWith('x-');
    byParam.set(param, {
      loc: [where, param],
      msg: p.missingProperty ? 'field required' : messageOf(e),
      type: custom ? (p.type ?? 'value_error') : (TYPES[e.keyword] ?? (() => 'value_error'))(e),
    });
  }
  return [...byParam.values()];
}

interface ObjectSchema {
  properties?: Record<string, { type?: string }>;
}

/**
 * Fastify's validator compiler: validates one part (path or query), records the
 * issues for `assertValidInput`, and never fails by itself. Integers are converted
 * here, strictly; unknown query parameters are issues of their own.
 */
export function recordingValidator({ schema, httpPart }: { schema: FastifySchema; httpPart?: string }) {
  // Compiled at the first request that needs it, not at start: compiling every operation's
  // schemas up front made up a sixth of the time to listen. (Every schema is compiled by
  // the test suite, which calls every operation.)
  let compiled: ValidateFunction | undefined;
  const validator = () => (compiled ??= ajv.compile(schema as object));
  const properties = (schema as ObjectSchema).properties ?? {};
  const names = Object.keys(properties);
  const integers = names.filter((n) => properties[n]!.type === 'integer');
  const where = httpPart === 'params' ? 'path' : 'query';
  const accepted =
    names.length > 0 ? `this operation accepts: ${names.join(', ')}` : 'this operation takes no query parameters';
  return (data: unknown) => {
    const input = data as Record<string, unknown>;
    const issues: ValidationIssue[] = [];
    if (where === 'query') {
      for (const key of Object.keys(input)) {
        if (!Object.hasOwn(properties, key))
          issues.push({ loc: ['query', key], msg: `unknown parameter; ${accepted}`, type: 'extra_forbidden' });
      }
    }
    for (const n of integers) {
      const v = input[n];
      if (typeof v === 'string' && INTEGER.test(v)) input[n] = Number(v);
    }
    const validate = validator();
    if (!validate(input)) issues.push(...issuesFromSchemaErrors(validate.errors ?? [], where));
    if (issues.length > 0) issuesByInput.set(input, issues);
    return { value: input };
  };
}

/** Raises one 422 for every failed parameter of the request, path first, then query. */
export function assertValidInput(request: FastifyRequest): void {
  const issues = [
    ...(issuesByInput.get(request.params as object) ?? []),
    ...(issuesByInput.get(request.query as object) ?? []),
  ];
  if (issues.length === 0) return;
  const names = issues.map((i) => i.loc[1]).join(', ');
  throw new ApiError('validation_error', `Invalid parameter${issues.length > 1 ? 's' : ''}: ${names}.`, {
    detail: issues,
  });
}
