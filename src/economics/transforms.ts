import type { Frequency } from './catalogue.js';

export const TRANSFORMS = ['none', 'yoy', 'mom', 'log_diff', '3mma'] as const;
export type Transform = (typeof TRANSFORMS)[number];
/** Status of an observation; none means final. */
export const OBS_STATUSES = ['final', 'provisional', 'estimated'] as const;
export type ObsStatus = (typeof OBS_STATUSES)[number];

export interface RawPoint {
  date: string;
  value: number;
  obs_status: ObsStatus | null;
}

const PERIODS_PER_YEAR: Record<Frequency, number> = { annual: 1, quarterly: 4, monthly: 12, daily: 0 };

function yearEarlier(date: string): string {
  return `${String(Number(date.slice(0, 4)) - 1).padStart(4, '0')}${date.slice(4)}`;
}

/** Index of the last point dated on or before `date` (points sorted by date), or -1. */
function lastOnOrBefore(points: RawPoint[], date: string, hi: number): number {
  let lo = 0;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid]!.date <= date) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/**
 * Applies a transform to a whole series (points in date order). Points where the
 * formula is undefined (no earlier point, division by zero, log of a non-positive
 * number) are left out. For `yoy` the base is k periods earlier (annual 1,
 * quarterly 4, monthly 12) and must be dated exactly a year earlier, so a gap in the
 * series never pairs two wrong periods; daily series use the last observation on or
 * before the same calendar date a year earlier.
 */
export function applyTransform(points: RawPoint[], transform: Transform, frequency: Frequency): RawPoint[] {
  if (transform === 'none') return points;
  const out: RawPoint[] = [];
  const emit = (p: RawPoint, value: number) => {
    if (Number.isFinite(value)) out.push({ date: p.date, value, obs_status: p.obs_status });
  };
  for (let t = 0; t < points.length; t++) {
    const p = points[t]!;
    const x = p.value;
    switch (transform) {
      case 'yoy': {
        let base: RawPoint | undefined;
        if (frequency === 'daily') {
          const j = lastOnOrBefore(points, yearEarlier(p.date), t - 1);
          base = j >= 0 ? points[j] : undefined;
        } else {
          const candidate = points[t - PERIODS_PER_YEAR[frequency]];
          base = candidate?.date === yearEarlier(p.date) ? candidate : undefined;
        }
        if (base && base.value !== 0) emit(p, 100 * (x / base.value - 1));
        break;
      }
      case 'mom': {
        const prev = points[t - 1];
        if (prev && prev.value !== 0) emit(p, 100 * (x / prev.value - 1));
        break;
      }
      case 'log_diff': {
        const prev = points[t - 1];
        if (prev && prev.value > 0 && x > 0) emit(p, Math.log(x) - Math.log(prev.value));
        break;
      }
      case '3mma': {
        if (t >= 2) emit(p, (x + points[t - 1]!.value + points[t - 2]!.value) / 3);
        break;
      }
    }
  }
  return out;
}
