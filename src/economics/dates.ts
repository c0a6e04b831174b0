import { invalidParam } from '../errors.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const YEAR = /^\d{4}$/;
// ISO 8601 date-time: date, optional time with optional seconds/fraction and zone.
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

function isRealDate(date: string): boolean {
  const m = DATE.exec(date);
  if (!m) return false;
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

/** A `from`/`to` bound (`YYYY` or `YYYY-MM-DD`) as a date; a year means its first or last day. */
export function parseDateBound(value: string | undefined, param: 'from' | 'to'): string | undefined {
  if (value === undefined) return undefined;
  const v = value.trim();
  if (YEAR.test(v)) return param === 'from' ? `${v}-01-01` : `${v}-12-31`;
  if (isRealDate(v)) return v;
  throw invalidParam('query', param, 'must be a date written YYYY or YYYY-MM-DD', 'date_parsing');
}

/** Both bounds of a date range; 422 when `from` is after `to`. */
export function parseDateRange(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  const range = { from: parseDateBound(from, 'from'), to: parseDateBound(to, 'to') };
  if (range.from && range.to && range.from > range.to) {
    throw invalidParam('query', 'from', '"from" must not be after "to"', 'value_error');
  }
  return range;
}

/** An ISO 8601 date-time (a plain date means 00:00 UTC; no zone means UTC) as epoch milliseconds. */
export function parseDateTime(value: string, param: string): number {
  const m = DATE_TIME.exec(value.trim());
  if (!m || !isRealDate(m[1]!)) throw invalidParam('query', param, 'must be an ISO 8601 date-time such as 2024-05-01T00:00:00Z', 'datetime_parsing');
  const [, date, hh = '00', mm = '00', ss = '00', frac = '', zone = 'Z'] = m;
  if (Number(hh) > 23 || Number(mm) > 59 || Number(ss) > 59) {
    throw invalidParam('query', param, 'has an out-of-range time', 'datetime_parsing');
  }
  const z = zone.toUpperCase() === 'Z' ? 'Z' : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  const ms = Date.parse(`${date}T${hh}:${mm}:${ss}${frac ? `.${frac.slice(0, 3).padEnd(3, '0')}` : ''}${z}`);
  if (Number.isNaN(ms)) throw invalidParam('query', param, 'is not a valid date-time', 'datetime_parsing');
  return ms;
}
