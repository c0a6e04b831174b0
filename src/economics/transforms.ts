import type { Frequency } from './catalogue.js';

/**
 * The transforms of `/v1/history`: the original five, then FRED's units (§3): changes,
 * percent changes (annualised, continuously compounded) and the natural log.
 */
export const TRANSFORMS = [
  'none',
  'yoy',
  'mom',
  'log_diff',
  '3mma',
  'chg',
  'ch1',
  'pch',
  'pc1',
  'pca',
  'cch',
  'cca',
  'log',
] as const;
export type Transform = (typeof TRANSFORMS)[number];
/** Status of an observation; none means final. */
export const OBS_STATUSES = ['final', 'provisional', 'estimated'] as const;
export type ObsStatus = (typeof OBS_STATUSES)[number];

export interface RawPoint {
  date: string;
  value: number;
  obs_status: ObsStatus | null;
  /** With `as_of` (§3): the day this value became known. */
  realtime_start?: string;
}

/** k: the periods a year back, for year-on-year changes (daily: by calendar date instead). */
const PERIODS_PER_YEAR: Record<Frequency, number> = { annual: 1, quarterly: 4, monthly: 12, daily: 0 };
/** n: the periods a year, for annualised units, as FRED counts them (260 business days). */
const COMPOUNDING: Record<Frequency, number> = { annual: 1, quarterly: 4, monthly: 12, daily: 260 };

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

/** What a formula may use besides the point's own value x: earlier values, found when asked for. */
interface Earlier {
  /** The previous observation's value. */
  prev(): number | undefined;
  /** The value a year earlier (k periods back, dated exactly a year before; daily: on or before that date). */
  yearAgo(): number | undefined;
  /** The value two observations back. */
  prev2(): number | undefined;
  /** Periods a year of the series (n). */
  n: number;
}

const ratio = (x: number, base: number | undefined) => (base === undefined || base === 0 ? NaN : x / base);
const logDiff = (x: number, base: number | undefined) =>
  base === undefined || base <= 0 || x <= 0 ? NaN : Math.log(x) - Math.log(base);
const diff = (x: number, base: number | undefined) => (base === undefined ? NaN : x - base);

/** Each transform's formula; NaN (or ±Infinity) where it is undefined, and the point is left out. */
const FORMULAS: Record<Exclude<Transform, 'none'>, (x: number, e: Earlier) => number> = {
  yoy: (x, e) => 100 * (ratio(x, e.yearAgo()) - 1),
  pc1: (x, e) => 100 * (ratio(x, e.yearAgo()) - 1),
  mom: (x, e) => 100 * (ratio(x, e.prev()) - 1),
  pch: (x, e) => 100 * (ratio(x, e.prev()) - 1),
  log_diff: (x, e) => logDiff(x, e.prev()),
  '3mma': (x, e) => {
    const [a, b] = [e.prev(), e.prev2()];
    return a === undefined || b === undefined ? NaN : (x + a + b) / 3;
  },
  chg: (x, e) => diff(x, e.prev()),
  ch1: (x, e) => diff(x, e.yearAgo()),
  pca: (x, e) => 100 * (ratio(x, e.prev()) ** e.n - 1),
  cch: (x, e) => 100 * logDiff(x, e.prev()),
  cca: (x, e) => e.n * 100 * logDiff(x, e.prev()),
  log: (x) => (x > 0 ? Math.log(x) : NaN),
};

/** The earlier values of point t of a series. */
function earlierOf(points: RawPoint[], t: number, frequency: Frequency): Earlier {
  const p = points[t]!;
  return {
    n: COMPOUNDING[frequency],
    prev: () => points[t - 1]?.value,
    prev2: () => (t >= 2 ? points[t - 2]!.value : undefined),
    yearAgo: () => {
      if (frequency === 'daily') {
        const j = lastOnOrBefore(points, yearEarlier(p.date), t - 1);
        return j >= 0 ? points[j]!.value : undefined;
      }
      const candidate = points[t - PERIODS_PER_YEAR[frequency]];
      return candidate?.date === yearEarlier(p.date) ? candidate.value : undefined;
    },
  };
}

/**
 * Applies a transform to a whole series (points in date order). Points where the
 * formula is undefined (no earlier point, division by zero, log of a non-positive
 * number) are left out. A year-on-year base (`yoy`, `pc1`, `ch1`) is k periods
 * earlier (annual 1, quarterly 4, monthly 12) and must be dated exactly a year
 * earlier, so a gap in the series never pairs two wrong periods; daily series use the
 * last observation on or before the same calendar date a year earlier. Annualised
 * units (`pca`, `cca`) compound n times a year (annual 1, quarterly 4, monthly 12,
 * daily 260).
 */
export function applyTransform(points: RawPoint[], transform: Transform, frequency: Frequency): RawPoint[] {
  if (transform === 'none') return points;
  const formula = FORMULAS[transform];
  const out: RawPoint[] = [];
  for (let t = 0; t < points.length; t++) {
    const p = points[t]!;
    const value = formula(p.value, earlierOf(points, t, frequency));
    if (!Number.isFinite(value)) continue;
    const point: RawPoint = { date: p.date, value, obs_status: p.obs_status };
    if (p.realtime_start) point.realtime_start = p.realtime_start;
    out.push(point);
  }
  return out;
}
