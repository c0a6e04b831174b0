/**
 * Parsing of parameter values, shared by the validator (which refuses what does not
 * parse) and the operations (which use the parsed value): comma-separated lists and
 * dates. Each parser is one linear pass; every pattern is anchored and has no nested
 * quantifier.
 */

/** Splits a list parameter: items trimmed, empty items dropped. */
export function listItems(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
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
  const v = value;
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
