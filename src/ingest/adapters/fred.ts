import path from 'node:path';
import type { Frequency } from '../../economics/catalogue.js';
import { Collector, noValue } from '../collector.js';
import type { SourceMapping } from '../mapping.js';
import type { EconomicsBatch } from '../types.js';
import { asArray, asString, at, readJsonFile } from './json.js';

/**
 * One version of an observation: its date and value (a string, "." when missing), and
 * where the file says, the days it was FRED's value (ALFRED's real-time period).
 */
interface FredObservation {
  date: string;
  value: unknown;
  realtime?: { start: string; end: string };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The versions an item of `observations` holds: one, with its real-time period when
 * given (output types 1, 3 and 4); or, in output type 2, one per vintage column
 * (`<SERIES>_<YYYYMMDD>`), each known from that day. Undefined when it is not an
 * object with a date.
 */
function readObservations(item: unknown): FredObservation[] | undefined {
  const date = asString(at(item, 'date'));
  if (date === undefined) return undefined;
  const start = asString(at(item, 'realtime_start'));
  const end = asString(at(item, 'realtime_end'));
  if (start !== undefined && end !== undefined && DAY.test(start) && DAY.test(end))
    return [{ date, value: at(item, 'value'), realtime: { start, end } }];
  const vintages = Object.entries(item as Record<string, unknown>)
    .map(([key, value]) => ({ day: /_(\d{4})(\d{2})(\d{2})$/.exec(key), value }))
    .filter((v) => v.day !== null)
    .map(({ day, value }) => ({
      date,
      value,
      realtime: { start: `${day![1]}-${day![2]}-${day![3]}`, end: '9999-12-31' },
    }));
  return vintages.length > 0 ? vintages : [{ date, value: at(item, 'value') }];
}

/** The day before a `YYYY-MM-DD` day. */
function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** The versions of each date, in the order they became known (versions without a real-time period: file order). */
function byDate<V extends FredObservation>(versions: V[]): Map<string, V[]> {
  const dates = new Map<string, V[]>();
  for (const v of versions) dates.set(v.date, [...(dates.get(v.date) ?? []), v]);
  for (const list of dates.values())
    list.sort((a, b) => (a.realtime?.start ?? '').localeCompare(b.realtime?.start ?? ''));
  return dates;
}

/** A date's versions as the batch takes them: revisions with their days, and the current one, if any. */
interface DatedVersions<V> {
  revisions: Array<{ version: V; start: string; end: string }>;
  current: V | undefined;
}

/**
 * The versions of one date, oldest first, as the batch takes them. A version equal to
 * the one before is no change (a vintage column repeats every value it holds); a
 * missing value (".") after a value withdraws it from its day; each version is known
 * until the day before the next (or its own end, when sooner). The latest version is
 * the observation unless it was withdrawn.
 */
function datedVersions<V extends FredObservation>(list: V[]): DatedVersions<V> {
  const kept: V[] = [];
  for (const v of list) {
    const last = kept.at(-1);
    if (last === undefined ? noValue(v.value) : String(last.value) === String(v.value)) continue;
    kept.push(v);
  }
  const revisions: DatedVersions<V>['revisions'] = [];
  kept.forEach((v, k) => {
    const next = kept[k + 1];
    if (noValue(v.value) || next === undefined) return;
    const until = dayBefore(next.realtime!.start);
    revisions.push({ version: v, start: v.realtime!.start, end: v.realtime!.end < until ? v.realtime!.end : until });
  });
  const last = kept.at(-1);
  return { revisions, current: last && !noValue(last.value) ? last : undefined };
}

/**
 * The period of a FRED date at the series' frequency. A date is the first day of its
 * period; for annual or quarterly series FRED already writes it so.
 */
function periodOf(date: string, frequency: Frequency | undefined): string {
  switch (frequency) {
    case 'annual':
      return date.slice(0, 4);
    case 'monthly':
      return date.slice(0, 7);
    case 'quarterly':
      return quarterOf(date);
    default:
      return date;
  }
}

/**
 * FRED `series/observations` JSON, and ALFRED's (its vintages: `realtime_start` and
 * `realtime_end` per observation, output types 1 to 4). The response does not name
 * its series: `--series` does, or else a mapped series id found in the file name
 * (`…-gnpca.json`). FRED writes a missing value as ".".
 */
export function readFred(files: string[], opts: { series?: string }, mapping: SourceMapping): EconomicsBatch {
  const c = new Collector(mapping.countries);
  for (const file of files) {
    const name = path.basename(file);
    const id =
      opts.series?.toUpperCase() ??
      Object.keys(mapping.indicators).find((k) => name.toUpperCase().includes(k.toUpperCase()));
    if (!id) throw new Error(`${name}: name the FRED series with --series ID`);
    const observations = asArray(at(readJsonFile(file), 'observations'));
    if (!observations) {
      c.bad(name, 1, 'not a FRED series/observations response');
      continue;
    }
    const m = mapping.indicators[id];
    const versions: Array<FredObservation & { line: number }> = [];
    observations.forEach((item, i) => {
      const read = readObservations(item);
      if (!read) return c.bad(name, i + 1, 'not a FRED observation (an object with a date)');
      for (const v of read) versions.push({ ...v, line: i + 1 });
    });
    const row = (v: FredObservation & { line: number }) => ({
      file: name,
      line: v.line,
      code: id,
      kpi_id: m?.kpi_id,
      frequency: m?.frequency,
      country: m?.country ?? '',
      period: periodOf(v.date, m?.frequency),
      value: v.value,
      ...(v.realtime ? { realtimeStart: v.realtime.start } : {}),
    });
    for (const list of byDate(versions).values()) {
      // Without real-time periods, each item is a value of its own (two of one date: the ingest refuses the batch).
      if (list.some((v) => !v.realtime)) {
        for (const v of list) c.add(row(v));
        continue;
      }
      const { revisions, current } = datedVersions(list);
      for (const r of revisions) c.addRevision(row(r.version), { start: r.start, end: r.end });
      if (current) c.add(row(current));
    }
  }
  return c.batch(mapping.source);
}

function quarterOf(date: string): string {
  const month = Number(date.slice(5, 7));
  return `${date.slice(0, 4)}Q${Math.floor((month - 1) / 3) + 1}`;
}
