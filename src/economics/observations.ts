import type { Database } from '../store/duckdb.js';
import { OBS_STATUSES, type ObsStatus, type RawPoint } from './transforms.js';

/** Where a read of observations starts and stops: dates, and the position after which it resumes. */
export interface ReadWindow {
  from?: string;
  to?: string;
  /** Only points after this one (the last point of the previous page). */
  after?: { seriesId: string; date: string };
  /** `YYYY-MM-DD`: the values as they were known at the end of that day, each with its `realtime_start`. */
  asOf?: string;
}

/** Whether a point of a series dated `date` lies in `window` (its dates, and after its position). */
export function inWindow(window: Omit<ReadWindow, 'asOf'>, seriesId: string, date: string): boolean {
  return (
    (!window.from || date >= window.from) &&
    (!window.to || date <= window.to) &&
    (window.after?.seriesId !== seriesId || date > window.after.date)
  );
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
const daySql = (column: string) => `(${column} - DATE '1970-01-01')::INTEGER`;

/** Values of one table, sorted by series and date (revisions: then by when they became known). */
interface Columns {
  days: Int32Array;
  values: Float64Array;
  statuses: Uint8Array;
  /** The day each value became known (`realtime_start`). */
  known: Int32Array;
  /** Revisions: the last day each was the latest known (`realtime_end`); empty for observations. */
  until: Int32Array;
  /** Series id → [start, end) in the arrays. */
  ranges: Map<string, [number, number]>;
}

/** Reads a table of values into columns; `known` and `until` are SQL expressions of its days. */
async function columnsOf(db: Database, table: string, days: { known: string; until?: string; order: string }) {
  const counts = await db.query<{ series_id: string; n: number }>(
    `SELECT series_id, count(*)::INTEGER AS n FROM ${table} GROUP BY series_id ORDER BY series_id`,
    { series_id: true, n: true },
  );
  const [dates = [], values = [], statuses = [], known = [], until = []] = await db.queryColumns(
    `SELECT ${daySql('date')}, value, coalesce(${STATUS_CODE_SQL}, 0)::UTINYINT, ${days.known}
       ${days.until ? `, ${days.until}` : ''}
     FROM ${table} ORDER BY ${days.order}`,
  );
  const ranges = new Map<string, [number, number]>();
  let start = 0;
  for (const { series_id, n } of counts) {
    ranges.set(series_id, [start, start + n]);
    start += n;
  }
  return {
    days: Int32Array.from(dates as number[]),
    values: Float64Array.from(values as number[]),
    statuses: Uint8Array.from(statuses as number[]),
    known: Int32Array.from(known as number[]),
    until: Int32Array.from(until as number[]),
    ranges,
  };
}

const NO_REVISIONS: Columns = {
  days: new Int32Array(0),
  values: new Float64Array(0),
  statuses: new Uint8Array(0),
  known: new Int32Array(0),
  until: new Int32Array(0),
  ranges: new Map(),
};

/**
 * Every observation of a snapshot in columnar arrays, sorted by series and date: a
 * date as days since 1970, a value as a float64, a status as one byte, the day it
 * became known as an int32 (17 bytes a point); and the revisions likewise. History,
 * transforms, vintages and cursor pages read them without a query: the data never
 * changes while the snapshot serves.
 */
export class ObservationArrays {
  /** `YYYY-MM-DD` of the days seen, made once each. */
  private readonly dateText = new Map<number, string>();

  private constructor(
    private readonly columns: Columns,
    private readonly revisions: Columns,
  ) {}

  get size(): number {
    return this.columns.values.length;
  }

  /**
   * Reads `econ.observations` and `econ.revisions` of the snapshot `db` serves, column
   * by column. A snapshot written before vintages has neither `realtime_start` nor
   * revisions: its values count as known from their series' last update.
   */
  static async load(db: Database): Promise<ObservationArrays> {
    const [{ n }] = (await db.query<{ n: number }>(
      `SELECT count(*)::INTEGER AS n FROM duckdb_columns()
       WHERE database_name = 'econ' AND table_name = 'observations' AND column_name = 'realtime_start'`,
      { n: true },
    )) as [{ n: number }];
    if (n === 0) {
      const known = daySql("coalesce(s.last_update::DATE, DATE '1970-01-01')");
      const table = 'econ.observations o LEFT JOIN econ.series s USING (series_id)';
      return new ObservationArrays(await columnsOf(db, table, { known, order: 'series_id, date' }), NO_REVISIONS);
    }
    return new ObservationArrays(
      await columnsOf(db, 'econ.observations', { known: daySql('realtime_start'), order: 'series_id, date' }),
      await columnsOf(db, 'econ.revisions', {
        known: daySql('realtime_start'),
        until: daySql('realtime_end'),
        order: 'series_id, date, realtime_start',
      }),
    );
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

  /** How many points of one series lie within `window`'s dates (its current values; no `asOf`). */
  count(seriesId: string, window: Pick<ReadWindow, 'from' | 'to'>): number {
    const range = this.columns.ranges.get(seriesId);
    if (!range) return 0;
    const [start0, end0] = range;
    const start = window.from ? this.firstAfter([start0, end0], dayOf(window.from), false) : start0;
    const end = window.to ? this.firstAfter([start, end0], dayOf(window.to)) : end0;
    return Math.max(0, end - start);
  }

  /** The points of one series within `window`, in date order. */
  points(seriesId: string, window: ReadWindow): RawPoint[] {
    if (window.asOf) return this.pointsAsOf(seriesId, window);
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

  /**
   * The points of one series as known at the end of `window.asOf`: each date's value
   * current on that day (the latest, or the revision whose days hold it), with the
   * day it became known; a date not yet published then is absent.
   */
  private pointsAsOf(seriesId: string, window: ReadWindow): RawPoint[] {
    const asOf = dayOf(window.asOf!);
    const held: Array<{ day: number; at: number; from: Columns }> = [];
    const [a, b] = this.columns.ranges.get(seriesId) ?? [0, 0];
    for (let i = a; i < b; i++)
      if (this.columns.known[i]! <= asOf) held.push({ day: this.columns.days[i]!, at: i, from: this.columns });
    const r = this.revisions;
    const [c, d] = r.ranges.get(seriesId) ?? [0, 0];
    for (let i = c; i < d; i++)
      if (r.known[i]! <= asOf && asOf <= r.until[i]!) held.push({ day: r.days[i]!, at: i, from: r });
    // By date; of two versions of a date held that day (sources that overlap), the later-known one.
    held.sort((x, y) => x.day - y.day || x.from.known[x.at]! - y.from.known[y.at]!);
    const out: RawPoint[] = [];
    for (const [k, { day, at, from }] of held.entries()) {
      if (held[k + 1]?.day === day) continue;
      const date = this.textOf(day);
      if (!inWindow(window, seriesId, date)) continue;
      const status = STATUS_BY_CODE[from.statuses[at]!]!;
      out.push({ date, value: from.values[at]!, obs_status: status, realtime_start: this.textOf(from.known[at]!) });
    }
    return out;
  }

  /**
   * The days the data of a series changed, ascending: each day a value became known,
   * and each day after a value withdrawn without a successor was last known.
   */
  vintageDates(seriesId: string): string[] {
    const days = new Set<number>();
    const [a, b] = this.columns.ranges.get(seriesId) ?? [0, 0];
    for (let i = a; i < b; i++) days.add(this.columns.known[i]!);
    const r = this.revisions;
    const [c, d] = r.ranges.get(seriesId) ?? [0, 0];
    for (let i = c; i < d; i++) {
      days.add(r.known[i]!);
      days.add(r.until[i]! + 1);
    }
    return [...days].sort((x, y) => x - y).map((day) => this.textOf(day));
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
