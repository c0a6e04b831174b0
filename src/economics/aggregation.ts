import type { Frequency } from './catalogue.js';
import type { ObsStatus, RawPoint } from './transforms.js';

/**
 * Frequency aggregation of `/v1/history` (§3): a series answered at a lower frequency
 * than its own, each period from its sub-periods' observations.
 */

export const AGGREGATIONS = ['avg', 'sum', 'eop'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/** The frequencies a series may be aggregated to. */
export const TARGET_FREQUENCIES = ['monthly', 'quarterly', 'annual'] as const;
export type TargetFrequency = (typeof TARGET_FREQUENCIES)[number];

const RANK: Record<Frequency, number> = { daily: 0, monthly: 1, quarterly: 2, annual: 3 };

/** Whether `to` is a lower frequency than `from` (fewer periods a year). */
export function isLowerFrequency(to: Frequency, from: Frequency): boolean {
  return RANK[to] > RANK[from];
}

/** The first day of the period of frequency `to` holding `date` (YYYY-MM-DD). */
export function periodStart(date: string, to: TargetFrequency): string {
  const year = date.slice(0, 4);
  if (to === 'annual') return `${year}-01-01`;
  const month = Number(date.slice(5, 7));
  if (to === 'monthly') return `${date.slice(0, 7)}-01`;
  const first = month - ((month - 1) % 3);
  return `${year}-${String(first).padStart(2, '0')}-01`;
}

/** Sub-periods a complete period has: 3 months a quarter, 12 a year, 4 quarters a year; daily: any. */
function required(from: Frequency, to: TargetFrequency): number {
  if (from === 'daily') return 1;
  if (from === 'monthly') return to === 'quarterly' ? 3 : 12;
  return 4;
}

/** The least final status of a period's observations: estimated, then provisional, else as they are. */
function statusOf(points: RawPoint[]): ObsStatus | null {
  if (points.some((p) => p.obs_status === 'estimated')) return 'estimated';
  if (points.some((p) => p.obs_status === 'provisional')) return 'provisional';
  return points[0]!.obs_status;
}

const COMBINE: Record<Aggregation, (values: number[]) => number> = {
  avg: (values) => values.reduce((a, b) => a + b, 0) / values.length,
  sum: (values) => values.reduce((a, b) => a + b, 0),
  eop: (values) => values[values.length - 1]!,
};

/**
 * A series (points in date order, of frequency `from`) at the lower frequency `to`:
 * one point a period, dated by its first day, combined by `how` (`avg` the mean,
 * `sum` the total, `eop` the last observation). A period is answered only when the
 * series has every sub-period (from daily data, any observation counts).
 */
export function aggregateSeries(
  points: RawPoint[],
  frequencies: { from: Frequency; to: TargetFrequency },
  how: Aggregation,
): RawPoint[] {
  const { from, to } = frequencies;
  const need = required(from, to);
  const out: RawPoint[] = [];
  let group: RawPoint[] = [];
  const close = () => {
    if (group.length >= need) {
      const period = periodStart(group[0]!.date, to);
      const point: RawPoint = {
        date: period,
        value: COMBINE[how](group.map((p) => p.value)),
        obs_status: statusOf(group),
      };
      // With as_of, a period is known once its last sub-period's value is.
      const known = group.map((p) => p.realtime_start).filter((d) => d !== undefined);
      if (known.length > 0) point.realtime_start = known.sort().at(-1);
      out.push(point);
    }
    group = [];
  };
  for (const p of points) {
    if (group.length > 0 && periodStart(p.date, to) !== periodStart(group[0]!.date, to)) close();
    group.push(p);
  }
  if (group.length > 0) close();
  return out;
}
