import type { Frequency } from '../economics/catalogue.js';
import { sdmxPeriod } from '../ingest/sdmx/period.js';

/**
 * A date (`YYYY-MM-DD`, the first day of its period) as an SDMX time period: `2024`,
 * `2024-Q3`, `2024-07`, `2024-07-15`.
 */
export function sdmxPeriodOf(date: string, frequency: Frequency): string {
  switch (frequency) {
    case 'annual':
      return date.slice(0, 4);
    case 'quarterly':
      return `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;
    case 'monthly':
      return date.slice(0, 7);
    case 'daily':
      return date;
  }
}

const MONTHS: Readonly<Record<string, number>> = { annual: 12, semiannual: 6, quarterly: 3, monthly: 1 };

const iso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The days an SDMX time period spans (`2024`, `2024-S1`, `2024-Q3`, `2024-07`,
 * `2024-W05`, `2024-07-15` …): its first and last day; undefined for any other text.
 */
export function periodDays(text: string): { first: string; last: string } | undefined {
  const period = sdmxPeriod(text);
  if (!period) return undefined;
  const start = new Date(`${period.date}T00:00:00Z`);
  const end = new Date(start);
  const months = MONTHS[period.frequency];
  if (months !== undefined) end.setUTCMonth(end.getUTCMonth() + months);
  else end.setUTCDate(end.getUTCDate() + (period.frequency === 'weekly' ? 7 : 1));
  end.setUTCDate(end.getUTCDate() - 1);
  return { first: period.date, last: iso(end) };
}
