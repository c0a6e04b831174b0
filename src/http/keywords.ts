import type { Ajv, SchemaValidateFunction } from 'ajv';
import { listItems, parseDate, type DateKind } from '../values.js';
import { isCursor } from './cursor.js';

/**
 * Parameter checks that a plain JSON-schema keyword cannot express, written as
 * code so that each runs in one linear pass over the value: comma-separated lists
 * (split, never matched whole by one pattern), trimmed lengths, calendar dates and
 * `from`/`to` order. They run inside the schema validator, so one 422 lists every
 * failed parameter. Each error carries the 422 detail `type` in `params.type`.
 */

const MAX_LIST_ITEMS = 100;

/** Item shapes of list parameters. Each pattern is anchored and has no nested quantifier. */
const LIST_ITEMS = {
  country: { pattern: /^[A-Za-z]{2,3}$/, what: 'an ISO 3166 alpha-2 or alpha-3 code' },
  product: {
    pattern: /^(?:hs:)?(?:\d{2}|\d{4}|\d{6})$/i,
    what: 'an HS code of 2, 4 or 6 digits (optionally prefixed hs:)',
  },
  token: { pattern: undefined, what: 'a token' },
} as const;
type ListItem = keyof typeof LIST_ITEMS;

const DATE_MESSAGES: Record<DateKind, { msg: string; type: string }> = {
  year: { msg: 'must be a year written YYYY', type: 'date_parsing' },
  month: { msg: 'must be a month written YYYY-MM (01 to 12) or YYYY', type: 'date_parsing' },
  date: { msg: 'must be a date written YYYY or YYYY-MM-DD', type: 'date_parsing' },
  datetime: { msg: 'must be an ISO 8601 date-time such as 2024-05-01T00:00:00Z', type: 'datetime_parsing' },
};

/** Echoes at most this many characters of a bad value in a message. */
const ECHO_CHARS = 40;
const echo = (s: string) => JSON.stringify(s.length > ECHO_CHARS ? `${s.slice(0, ECHO_CHARS)}…` : s);

type KeywordFn = SchemaValidateFunction;

/** `type`: the 422 detail type; `param`: the parameter to blame, when not the one checked. */
interface Failure {
  message: string;
  type: string;
  param?: string;
}

function fail(fn: KeywordFn, keyword: string, { message, type, param }: Failure): false {
  fn.errors = [{ keyword, message, params: { type, ...(param ? { param } : {}) } }];
  return false;
}

/** Registers the keywords on a validator. */
export function addParameterKeywords(ajv: Ajv): void {
  const list: KeywordFn = (schema: { item: ListItem }, data: unknown) => {
    if (typeof data !== 'string') return true;
    const items = listItems(data);
    if (items.length > MAX_LIST_ITEMS)
      return fail(list, 'x-list', {
        message: `at most ${MAX_LIST_ITEMS} items are allowed, got ${items.length}`,
        type: 'too_long',
      });
    const shape = LIST_ITEMS[schema.item];
    if (shape.pattern) {
      const bad = items.find((t) => !shape.pattern.test(t));
      if (bad !== undefined)
        return fail(list, 'x-list', { message: `${echo(bad)} is not ${shape.what}`, type: 'string_pattern_mismatch' });
    }
    return true;
  };
  ajv.addKeyword({ keyword: 'x-list', type: 'string', schemaType: 'object', errors: true, validate: list });

  const trimmed: KeywordFn = (schema: { min: number; max: number }, data: unknown) => {
    if (typeof data !== 'string') return true;
    const n = data.trim().length;
    if (n < schema.min)
      return fail(trimmed, 'x-trimmed', {
        message: `must contain at least ${schema.min} character${schema.min > 1 ? 's' : ''} besides spaces`,
        type: 'string_too_short',
      });
    if (n > schema.max)
      return fail(trimmed, 'x-trimmed', {
        message: `must be at most ${schema.max} characters`,
        type: 'string_too_long',
      });
    return true;
  };
  ajv.addKeyword({ keyword: 'x-trimmed', type: 'string', schemaType: 'object', errors: true, validate: trimmed });

  const date: KeywordFn = (kind: DateKind, data: unknown) => {
    if (typeof data !== 'string') return true;
    if (parseDate(data, kind, false) !== undefined) return true;
    return fail(date, 'x-date', { message: DATE_MESSAGES[kind].msg, type: DATE_MESSAGES[kind].type });
  };
  addCursorKeyword(ajv);
  ajv.addKeyword({ keyword: 'x-date', type: 'string', schemaType: 'string', errors: true, validate: date });

  // On the query object: `from` must not be after `to` (both well formed).
  const range: KeywordFn = (kind: DateKind, data: unknown) => {
    const q = data as { from?: unknown; to?: unknown };
    if (typeof q.from !== 'string' || typeof q.to !== 'string') return true;
    const from = parseDate(q.from, kind, false);
    const to = parseDate(q.to, kind, true);
    if (from === undefined || to === undefined || from <= to) return true;
    return fail(range, 'x-range', { message: '"from" must not be after "to"', type: 'value_error', param: 'from' });
  };
  ajv.addKeyword({ keyword: 'x-range', type: 'object', schemaType: 'string', errors: true, validate: range });
}

/**
 * A page cursor's shape is a parameter check like the others: one 422 lists it with
 * unknown parameters, and it comes before a 404 for what the query names.
 */
function addCursorKeyword(ajv: Ajv): void {
  const cursor: KeywordFn = (_schema: boolean, data: unknown) => {
    if (typeof data !== 'string' || isCursor(data)) return true;
    return fail(cursor, 'x-cursor', { message: 'is not a cursor returned by this operation', type: 'value_error' });
  };
  ajv.addKeyword({ keyword: 'x-cursor', type: 'string', schemaType: 'boolean', errors: true, validate: cursor });
}
