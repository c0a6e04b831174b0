/** How often a series is observed, as its SDMX periods say. */
export type SdmxFrequency = 'annual' | 'semiannual' | 'quarterly' | 'monthly' | 'weekly' | 'daily';

/** A period as its first day and its frequency. */
export interface SdmxPeriod {
  /** `YYYY-MM-DD`, the first day of the period. */
  date: string;
  frequency: SdmxFrequency;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The day `year-month-day` (month from 1) as a UTC date; undefined when no such day exists. */
function day(year: number, month: number, dayOfMonth: number): Date | undefined {
  const d = new Date(Date.UTC(year, month - 1, dayOfMonth));
  d.setUTCFullYear(year); // years below 100 are not taken as 19xx
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === dayOfMonth ? d : undefined;
}

/** The Monday of ISO week `week` of `year`; undefined when the year has no such week. */
function isoWeekMonday(year: number, week: number): Date | undefined {
  const jan4 = day(year, 1, 4)!; // 4 January is always in week 1
  const monday1 = jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * 86_400_000;
  const dec28 = day(year, 12, 28)!; // 28 December is always in the last week
  const weeks = Math.round((dec28.getTime() - monday1) / (7 * 86_400_000)) + 1;
  if (week < 1 || week > weeks) return undefined;
  return new Date(monday1 + (week - 1) * 7 * 86_400_000);
}

/**
 * An SDMX time period as its first day and frequency: `2024` and `2024-A1` (annual),
 * `2024-S1` (semiannual), `2024-Q3` (quarterly), `2024-07` and `2024-M07` (monthly),
 * `2024-W05` (the Monday of that ISO week), `2024-07-15` and `2024-D197` (daily).
 * Undefined for any other shape, or a day that does not exist.
 */
export function sdmxPeriod(text: string): SdmxPeriod | undefined {
  const t = text.trim();
  if (t.length < 4 || t.length > 10) return undefined;
  const year = Number(t.slice(0, 4));
  if (!/^\d{4}$/.test(t.slice(0, 4))) return undefined;
  if (t.length === 4) return { date: `${t}-01-01`, frequency: 'annual' };
  const rest = t.slice(4);
  let m: RegExpExecArray | null;
  if (rest === '-A1') return { date: `${t.slice(0, 4)}-01-01`, frequency: 'annual' };
  if ((m = /^-S([12])$/.exec(rest)))
    return { date: `${t.slice(0, 4)}-${m[1] === '1' ? '01' : '07'}-01`, frequency: 'semiannual' };
  if ((m = /^-?Q([1-4])$/.exec(rest)))
    return { date: `${t.slice(0, 4)}-${pad2((Number(m[1]) - 1) * 3 + 1)}-01`, frequency: 'quarterly' };
  if ((m = /^(?:-M?|M)(0[1-9]|1[0-2])$/.exec(rest)))
    return { date: `${t.slice(0, 4)}-${m[1]}-01`, frequency: 'monthly' };
  if ((m = /^-W(\d{2})$/.exec(rest))) {
    const monday = isoWeekMonday(year, Number(m[1]));
    return monday ? { date: iso(monday), frequency: 'weekly' } : undefined;
  }
  if ((m = /^-(\d{2})-(\d{2})$/.exec(rest))) {
    const d = day(year, Number(m[1]), Number(m[2]));
    return d ? { date: t, frequency: 'daily' } : undefined;
  }
  if ((m = /^-D(\d{3})$/.exec(rest))) {
    const n = Number(m[1]);
    const d = day(year, 1, 1)!;
    const at = new Date(d.getTime() + (n - 1) * 86_400_000);
    return n >= 1 && at.getUTCFullYear() === year ? { date: iso(at), frequency: 'daily' } : undefined;
  }
  return undefined;
}
