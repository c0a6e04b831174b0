import { invalidParam } from '../errors.js';
import { parseDate } from '../values.js';

/**
 * Date parameters of the economics operations, after the schema validator checked
 * them (`x-date`, `x-range`); the 422s here only guard a call that skipped it.
 */

/** A `from`/`to` bound (`YYYY` or `YYYY-MM-DD`) as a date; a year means its first or last day. */
export function parseDateBound(value: string | undefined, param: 'from' | 'to'): string | undefined {
  if (value === undefined) return undefined;
  const date = parseDate(value, 'date', param === 'to');
  if (date === undefined)
    throw invalidParam(['query', param], 'must be a date written YYYY or YYYY-MM-DD', 'date_parsing');
  return date as string;
}

/** Both bounds of a date range. */
export function parseDateRange(from: string | undefined, to: string | undefined): { from?: string; to?: string } {
  return { from: parseDateBound(from, 'from'), to: parseDateBound(to, 'to') };
}

/** An ISO 8601 date-time (a plain date means 00:00 UTC; no zone means UTC) as epoch milliseconds. */
export function parseDateTime(value: string, param: string): number {
  const ms = parseDate(value, 'datetime', false);
  if (ms === undefined)
    throw invalidParam(
      ['query', param],
      'must be an ISO 8601 date-time such as 2024-05-01T00:00:00Z',
      'datetime_parsing',
    );
  return ms as number;
}
