import type { Ajv, SchemaValidateFunction } from 'ajv';

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
  product: { pattern: /^(?:hs:)?(?:\d{2}|\d{4}|\d{6})$/i, what: 'an HS code of 2, 4 or 6 digits (optionally prefixed hs:)' },
  token: { pattern: undefined, what: 'a token' },
} as const;
type ListItem = keyof typeof LIST_ITEMS;

/** Splits a list parameter: items trimmed, empty items dropped. */
export function listItems(value: string): string[] {
  return value.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

const YEAR = /^\d{4}$/;
const YEAR_MONTH = /^(\d{4})-(\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// ISO 8601 date-time: a date, then an optional time with optional seconds, fraction and zone.
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

function isRealDate(date: string): boolean {
  if (!DATE.test(date)) return false;
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

/** Kinds of date parameters: annual trade years, monthly trade months, economics dates, date-times. */
export type DateKind = 'year' | 'month' | 'date' | 'datetime';

/**
 * A date parameter as a sortable, inclusive bound, or undefined when malformed.
 * `year`: `YYYY`; `month`: `YYYY-MM` or `YYYY` (January for from, December for to);
 * `date`: `YYYY-MM-DD` or `YYYY` (first or last day); `datetime`: epoch milliseconds.
 */
export function parseDate(value: string, kind: DateKind, end: boolean): string | number | undefined {
  const v = value.trim();
  switch (kind) {
    case 'year':
      return YEAR.test(v) ? Number(v) : undefined;
    case 'month': {
      if (YEAR.test(v)) return `${v}-${end ? '12' : '01'}`;
      const m = YEAR_MONTH.exec(v);
      return m && Number(m[2]) >= 1 && Number(m[2]) <= 12 ? v : undefined;
    }
    case 'date':
      if (YEAR.test(v)) return end ? `${v}-12-31` : `${v}-01-01`;
      return isRealDate(v) ? v : undefined;
    case 'datetime':
      return parseDateTime(v);
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/** An ISO 8601 date-time (a plain date means 00:00 UTC; no zone means UTC) as epoch milliseconds. */
function parseDateTime(value: string): number | undefined {
  const m = DATE_TIME.exec(value);
  if (!m || !isRealDate(m[1]!)) return undefined;
  const [, date, hh = '00', mm = '00', ss = '00', frac = '', zone = 'Z'] = m;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) return undefined;
  const z = zone.toUpperCase() === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  const ms = Date.parse(`${date}T${hh}:${mm}:${ss}${frac ? `.${frac.slice(0, 3).padEnd(3, '0')}` : ''}${z}`);
  return Number.isNaN(ms) ? undefined : ms;
}

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

function fail(fn: KeywordFn, keyword: string, message: string, type: string, param?: string): false {
  fn.errors = [{ keyword, message, params: { type, ...(param ? { param } : {}) } }];
  return false;
}

/** Registers the keywords on a validator. */
export function addParameterKeywords(ajv: Ajv): void {
  const list: KeywordFn = (schema: { item: ListItem }, data: unknown) => {
    if (typeof data !== 'string') return true;
    const items = listItems(data);
    if (items.length > MAX_LIST_ITEMS) return fail(list, 'x-list', `at most ${MAX_LIST_ITEMS} items are allowed, got ${items.length}`, 'too_long');
    const shape = LIST_ITEMS[schema.item];
    if (shape.pattern) {
      const bad = items.find((t) => !shape.pattern.test(t));
      if (bad !== undefined) return fail(list, 'x-list', `${echo(bad)} is not ${shape.what}`, 'string_pattern_mismatch');
    }
    return true;
  };
  ajv.addKeyword({ keyword: 'x-list', type: 'string', schemaType: 'object', errors: true, validate: list });

  const trimmed: KeywordFn = (schema: { min: number; max: number }, data: unknown) => {
    if (typeof data !== 'string') return true;
    const n = data.trim().length;
    if (n < schema.min) return fail(trimmed, 'x-trimmed', `must contain at least ${schema.min} character${schema.min > 1 ? 's' : ''} besides spaces`, 'string_too_short');
    if (n > schema.max) return fail(trimmed, 'x-trimmed', `must be at most ${schema.max} characters`, 'string_too_long');
    return true;
  };
  ajv.addKeyword({ keyword: 'x-trimmed', type: 'string', schemaType: 'object', errors: true, validate: trimmed });

  const date: KeywordFn = (kind: DateKind, data: unknown) => {
    if (typeof data !== 'string') return true;
    if (parseDate(data, kind, false) !== undefined) return true;
    return fail(date, 'x-date', DATE_MESSAGES[kind].msg, DATE_MESSAGES[kind].type);
  };
  ajv.addKeyword({ keyword: 'x-date', type: 'string', schemaType: 'string', errors: true, validate: date });

  // On the query object: `from` must not be after `to` (both well formed).
  const range: KeywordFn = (kind: DateKind, data: unknown) => {
    const q = data as { from?: unknown; to?: unknown };
    if (typeof q.from !== 'string' || typeof q.to !== 'string') return true;
    const from = parseDate(q.from, kind, false);
    const to = parseDate(q.to, kind, true);
    if (from === undefined || to === undefined || from <= to) return true;
    return fail(range, 'x-range', '"from" must not be after "to"', 'value_error', 'from');
  };
  ajv.addKeyword({ keyword: 'x-range', type: 'object', schemaType: 'string', errors: true, validate: range });
}
