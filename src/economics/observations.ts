import type { Database } from '../store/duckdb.js';
import { OBS_STATUSES, type ObsStatus, type RawPoint } from './transforms.js';

/** Where a read of observations starts and stops: dates, and the position after which it resumes. */
export interface ReadWindow {
  from?: string;
  to?: string;
  /** Only points after this one (the last point of the previous page). */
  after?: { seriesId: string; date: string };
}

/** The observations of some series, in date order, each series' cut to a window. */
export type ReadObservations = (seriesIds: string[], window: ReadWindow) => Promise<Map<string, RawPoint[]>>;

/** Status codes in the compact arrays: 0 = none (final), then OBS_STATUSES in order. */
const STATUS_BY_CODE: Array<ObsStatus | null> = [null, ...OBS_STATUSES];

// The code of each status, computed by the database (the statuses are constants of the code).
const STATUS_CODE_SQL = `CASE obs_status ${OBS_STATUSES.map((s, i) => `WHEN '${s}' THEN ${i + 1}`).join(' ')} END`;

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date. */
const dayOf = (date: string) => Date.UTC(+date.slice(0, 4), +date.slice(5, 7) - 1, +date.slice(8, 10)) / DAY_MS;

interface Columns {
  days: Int32Array;
  values: Float64Array;
  statuses: Uint8Array;
  /** Series id → [start, end) in the arrays. */
  ranges: Map<string, [number, number]>;
}

/**
 * Every observation of a snapshot in columnar arrays, sorted by series and date: a
 * date as days since 1970, a value as a float64, a status as one byte (13 bytes a
 * point). History, transforms and cursor pages read them without a query: the data
 * never changes while the snapshot serves.
 */
export class ObservationArrays {
  /** `YYYY-MM-DD` of the days seen, made once each. */
  private readonly dateText = new Map<number, string>();

  private constructor(private readonly columns: Columns) {}

  get size(): number {
    return this.columns.values.length;
  }

  /** Reads `econ.observations` of the snapshot `db` serves, column by column. */
  static async load(db: Database): Promise<ObservationArrays> {
    const counts = await db.query<{ series_id: string; n: number }>(
      'SELECT series_id, count(*)::INTEGER AS n FROM econ.observations GROUP BY series_id ORDER BY series_id',
      { series_id: true, n: true },
    );
    const [days = [], values = [], statuses = []] = await db.queryColumns(
      `SELECT (date - DATE '1970-01-01')::INTEGER, value, coalesce(${STATUS_CODE_SQL}, 0)::UTINYINT
       FROM econ.observations ORDER BY series_id, date`,
    );
    const ranges = new Map<string, [number, number]>();
    let start = 0;
    for (const { series_id, n } of counts) {
      ranges.set(series_id, [start, start + n]);
      start += n;
    }
    return new ObservationArrays({
      days: Int32Array.from(days as number[]),
      values: Float64Array.from(values as number[]),
      statuses: Uint8Array.from(statuses as number[]),
      ranges,
    });
  }

  private textOf(day: number): string {
    let text = this.dateText.get(day);
    if (text === undefined) {
      text = new Date(day * DAY_MS).toISOString().slice(0, 10);
      this.dateText.set(day, text);
    }
    return text;
  }

  /** First index in [lo, hi) dated after `day` (`strict` false: on or after it). */
  private firstAfter([lo, hi]: [number, number], day: number, strict = true): number {
    const { days } = this.columns;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (days[mid]! < day || (strict && days[mid] === day)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The points of one series within `window`, in date order. */
  points(seriesId: string, window: ReadWindow): RawPoint[] {
    const range = this.columns.ranges.get(seriesId);
    if (!range) return [];
    let [start, end] = range;
    if (window.from) start = this.firstAfter([start, end], dayOf(window.from), false);
    if (window.after?.seriesId === seriesId)
      start = Math.max(start, this.firstAfter([start, end], dayOf(window.after.date)));
    if (window.to) end = this.firstAfter([start, end], dayOf(window.to));
    const { days, values, statuses } = this.columns;
    const out: RawPoint[] = new Array<RawPoint>(Math.max(0, end - start));
    for (let i = start; i < end; i++) {
      out[i - start] = { date: this.textOf(days[i]!), value: values[i]!, obs_status: STATUS_BY_CODE[statuses[i]!]! };
    }
    return out;
  }

  /** A reader over these arrays, for `historyPage`. */
  readonly read: ReadObservations = async (seriesIds, window) =>
    new Map(seriesIds.map((id) => [id, this.points(id, window)]));
}

/**
 * A snapshot's observations, read on first use and once: a server (or a test) that
 * serves no history never reads them, and concurrent first requests share one read.
 */
export class LazyObservations {
  private loading: Promise<ObservationArrays> | undefined;

  constructor(private readonly load: () => Promise<ObservationArrays>) {}

  get(): Promise<ObservationArrays> {
    return (this.loading ??= this.load());
  }
}
