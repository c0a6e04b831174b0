import type { Database } from '../store/duckdb.js';
import { parseDate } from '../values.js';
import type { Series } from './catalogue.js';
import { inWindow, type ReadObservations } from './observations.js';
import { aggregateSeries, periodStart, type Aggregation, type TargetFrequency } from './aggregation.js';
import { applyTransform, type ObsStatus, type RawPoint, type Transform } from './transforms.js';

export const HISTORY_PAGE_SIZE = 1000;
/** Raw observations fetched per round trip while filling a page. */
const FETCH_BATCH_POINTS = 20_000;

export interface HistoryRequest {
  series: Series[];
  countryIds: string[] | null;
  kpiIds: string[] | null;
  from?: string;
  to?: string;
  transform: Transform;
  /** `YYYY-MM-DD`: the values as known at the end of that day, each point with its `realtime_start` (§3). */
  asOf?: string;
  /** A lower frequency to answer at, each period made by `aggregation` (§3). */
  frequency?: TargetFrequency;
  aggregation?: Aggregation;
  /** Where the previous page ended: only points after it. */
  after?: HistoryPosition;
}

/** A point's place in the history order: its series, then its date. */
export interface HistoryPosition {
  seriesId: string;
  date: string;
}

/** The position a cursor's key `[series_id, date]` names; undefined for a key of any other shape. */
export function historyPosition(key: unknown[]): HistoryPosition | undefined {
  const [seriesId, date] = key;
  if (key.length !== 2 || typeof seriesId !== 'string' || typeof date !== 'string') return undefined;
  return date.length === 10 && parseDate(date, 'date', false) === date ? { seriesId, date } : undefined;
}

/** How history writes positions in its cursors (`[series_id, date]`) and reads them back. */
export const HISTORY_KEYS = {
  read: historyPosition,
  write: (p: HistoryPosition): [string, string] => [p.seriesId, p.date],
};

/** A page of history and where the next one starts (null on the last page). */
export interface HistoryPage {
  data: HistoryPointOut[];
  next: HistoryPosition | null;
}

export interface HistoryPointOut {
  series_id: string;
  country_id: string;
  kpi_id: string;
  date: string;
  value: number;
  frequency: string;
  obs_status?: ObsStatus;
  last_update: string | null;
  realtime_start?: string;
}

/** Reads observations from the snapshot's DuckDB file (the reference the in-memory arrays must match). */
export function duckDbObservations(db: Database): ReadObservations {
  return async (seriesIds, range) => {
    const { after } = range;
    const params: string[] = [...seriesIds];
    const where = [`series_id IN (${seriesIds.map((_, i) => `$${i + 1}`).join(', ')})`];
    if (range.from) where.push(`date >= $${params.push(range.from)}::DATE`);
    if (range.to) where.push(`date <= $${params.push(range.to)}::DATE`);
    if (after) where.push(`(series_id <> $${params.push(after.seriesId)} OR date > $${params.push(after.date)}::DATE)`);
    const rows = await db.query<RawPoint & { series_id: string }>(
      `SELECT series_id, date, value, obs_status FROM econ.observations WHERE ${where.join(' AND ')} ` +
        'ORDER BY series_id, date',
      { series_id: true, date: true, value: true, obs_status: true, realtime_start: false },
      params,
    );
    const bySeries = new Map<string, RawPoint[]>();
    for (const r of rows) {
      let list = bySeries.get(r.series_id);
      if (!list) bySeries.set(r.series_id, (list = []));
      list.push({ date: r.date, value: r.value, obs_status: r.obs_status });
    }
    return bySeries;
  };
}

/** The next series to read together: at least one, and at most FETCH_BATCH_POINTS observations. */
function nextBatch(pending: Series[]): Series[] {
  let take = 0;
  let points = 0;
  while (take < pending.length && (take === 0 || points + pending[take]!.n_obs <= FETCH_BATCH_POINTS)) {
    points += pending[take]!.n_obs;
    take++;
  }
  return pending.slice(0, take);
}

/**
 * A whole series as answered: aggregated to the asked frequency, then transformed,
 * then cut to from/to and to the points after the previous page.
 */
function derivedPoints(points: RawPoint[], s: Series, req: HistoryRequest): RawPoint[] {
  const frequency = req.frequency ?? s.frequency;
  const periods = req.frequency
    ? aggregateSeries(points, { from: s.frequency, to: req.frequency }, req.aggregation ?? 'avg')
    : points;
  return applyTransform(periods, req.transform, frequency).filter((p) => inWindow(req, s.series_id, p.date));
}

/**
 * One page of history: points sorted by series_id then date, at most
 * HISTORY_PAGE_SIZE, with the position of the last one when more follow (null on
 * the last page). An aggregation, then a transform, is computed on each full series
 * before `from`/`to` cut it.
 */
export async function historyPage(read: ReadObservations, req: HistoryRequest): Promise<HistoryPage> {
  const { after } = req;
  // A series whose observations all lie outside from/to cannot contribute to the page
  // (a transform only yields points at dates of the series, an aggregated period is
  // dated by its first day): it is never read.
  const firstAnswered = (first: string) => (req.frequency ? periodStart(first, req.frequency) : first);
  // (As of a day, a value since withdrawn may lie outside today's dates: only the position prunes.)
  let pending = req.series.filter(
    (s) =>
      (!after || s.series_id >= after.seriesId) &&
      (req.asOf !== undefined ||
        ((!req.from || s.latest_value_date >= req.from) &&
          (!req.to || s.first_value_date === null || firstAnswered(s.first_value_date) <= req.to))),
  );
  const page: HistoryPointOut[] = [];

  while (pending.length > 0 && page.length <= HISTORY_PAGE_SIZE) {
    const batch = nextBatch(pending);
    pending = pending.slice(batch.length);
    // A transform or an aggregation needs each series whole; without one, only the page's part is read.
    const whole = req.transform !== 'none' || req.frequency !== undefined;
    const window = whole ? { asOf: req.asOf } : { from: req.from, to: req.to, after, asOf: req.asOf };
    const raw = await read(
      batch.map((s) => s.series_id),
      window,
    );
    for (const s of batch) {
      const pts = whole ? derivedPoints(raw.get(s.series_id) ?? [], s, req) : (raw.get(s.series_id) ?? []);
      const frequency = req.frequency ?? s.frequency;
      for (const p of pts) {
        page.push({
          series_id: s.series_id,
          country_id: s.country_id,
          kpi_id: s.kpi_id,
          date: p.date,
          value: p.value,
          frequency,
          last_update: s.last_update,
          ...(p.obs_status ? { obs_status: p.obs_status } : {}),
          ...(p.realtime_start ? { realtime_start: p.realtime_start } : {}),
        });
        if (page.length > HISTORY_PAGE_SIZE) break;
      }
      if (page.length > HISTORY_PAGE_SIZE) break;
    }
  }

  if (page.length <= HISTORY_PAGE_SIZE) return { data: page, next: null };
  page.length = HISTORY_PAGE_SIZE;
  const last = page[page.length - 1]!;
  return { data: page, next: { seriesId: last.series_id, date: last.date } };
}
