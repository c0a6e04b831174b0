/** Calendar arithmetic on UTC dates written `YYYY-MM-DD`. */

const DAY_MS = 86_400_000;

export function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

export function isoDate(year: number, month: number, day: number): string {
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

export function toEpochDay(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

export function fromEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** Month index counted from January 2000 (0) — the sample's first period. */
export function monthIndex(year: number, month: number): number {
  return (year - 2000) * 12 + (month - 1);
}

export function monthStart(index: number): string {
  return isoDate(2000 + Math.floor(index / 12), (index % 12) + 1, 1);
}

/** The last complete periods before `asOf` (a `YYYY-MM-DD` date). */
export function lastCompletePeriods(asOf: string): {
  year: number;
  month: number;
  quarterStartMonth: number;
  lastDay: string;
} {
  const [y, m] = asOf.split('-').map(Number) as [number, number];
  const monthIdx = monthIndex(y, m) - 1;
  const quarterStart = Math.floor((m - 1) / 3) * 3; // 0-based month of the current quarter
  return {
    year: y - 1,
    month: monthIdx,
    quarterStartMonth: monthIndex(y, quarterStart + 1) - 3,
    lastDay: fromEpochDay(toEpochDay(asOf) - 1),
  };
}
