import type { IndicatorDef } from '../reference/indicators.js';
import type { Random } from './random.js';

/**
 * The release calendar of the sample (§3 vintages): when each figure was first
 * published and how it was revised. GDP and employment are published as a first
 * estimate, revised at the next two releases a month apart; prices are final at once;
 * other monthly series are revised once, a month later; daily market data and the
 * other annual and quarterly series are final at once. The value served today is the
 * last version; earlier ones are the revisions.
 */

/** Days from the end of a period to its first release. */
const LAG_DAYS: Record<IndicatorDef['frequency'], number> = { daily: 1, monthly: 15, quarterly: 30, annual: 90 };
/** Days between two releases of a figure. */
const RELEASE_INTERVAL_DAYS = 30;
/** The size of an estimate's error, relative to the value (standard deviation). */
const ESTIMATE_ERROR: Record<number, number> = { 1: 0.004, 2: 0.006 };

/** How many times a figure of the indicator is revised after its first release (interest rates: never). */
export function revisionsOf(def: IndicatorDef): number {
  if (/^GDP_(USD|PER_CAPITA|REAL)|EMPLOYMENT/.test(def.kpi_id)) return 2;
  if (def.kpi_id.includes('CPI') || def.frequency === 'daily' || def.unit_code === 'PCT_PA') return 0;
  return def.frequency === 'monthly' ? 1 : 0;
}

/**
 * A first or second estimate of `value`, `left` revisions before the last: off by a
 * few tenths of a point for a percentage, by a few tenths of a percent for a level.
 */
function estimate(def: IndicatorDef, value: number, { left, random }: { left: number; random: Random }): number {
  const error = random.normal() * ESTIMATE_ERROR[left]!;
  const off = def.unit_code.startsWith('PCT') ? value + 50 * error : value * (1 + error);
  const f = 10 ** def.decimals;
  return Math.round(off * f) / f;
}

/** One version of a figure: its value and the epoch day it became known. */
export interface Version {
  value: number;
  start: number;
}

const DAY_MS = 86_400_000;

/** The epoch day after the last day of the period starting on `day`. */
function periodEnd(day: number, frequency: IndicatorDef['frequency']): number {
  if (frequency === 'daily') return day + 1;
  const d = new Date(day * DAY_MS);
  const months = frequency === 'monthly' ? 1 : frequency === 'quarterly' ? 3 : 12;
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1) / DAY_MS;
}

/**
 * The versions of one figure, oldest first, each known from its day on; the last
 * holds `value`. Releases after the day before `asOfDay` have not happened: a recent
 * figure has fewer versions, and one due after that day is known from it.
 */
export function versionsOf(
  def: IndicatorDef,
  point: { day: number; value: number },
  calendar: { asOfDay: number; random: Random },
): Version[] {
  const first = periodEnd(point.day, def.frequency) - 1 + LAG_DAYS[def.frequency];
  const latest = calendar.asOfDay - 1;
  const revisions = revisionsOf(def);
  let releases = 0;
  while (releases <= revisions && first + releases * RELEASE_INTERVAL_DAYS <= latest) releases++;
  if (releases === 0) return [{ value: point.value, start: Math.min(first, latest) }];
  const versions: Version[] = [];
  for (let k = 0; k < releases - 1; k++) {
    const value = estimate(def, point.value, { left: releases - 1 - k, random: calendar.random });
    versions.push({ value, start: first + k * RELEASE_INTERVAL_DAYS });
  }
  versions.push({ value: point.value, start: first + (releases - 1) * RELEASE_INTERVAL_DAYS });
  // An estimate that rounds to the next version's value was no revision: that version is known from its day.
  return versions.filter((v, k) => k === 0 || v.value !== versions[k - 1]!.value);
}
