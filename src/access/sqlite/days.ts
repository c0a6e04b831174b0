/** The first and last day (YYYY-MM-DD) a rollup row of credit period `YYYY-MM` can have. */
export function periodDays(period: string): [string, string] {
  return [`${period}-01`, `${period}-31`];
}

/**
 * The rollup day of a call of `period` recorded at `at`: its UTC day, kept inside
 * the period (a call counted in the last instant of a month may be written in the
 * first of the next), so that a period's credits are the sum of its days.
 */
export function rollupDay(period: string, at: string): string {
  const day = at.slice(0, 10);
  const [first, last] = periodDays(period);
  if (day < first) return first;
  if (day > last) return lastDayOf(period);
  return day;
}

function lastDayOf(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}
