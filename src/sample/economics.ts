import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { deriveSeriesStats, writeEconomicsCatalogue } from '../economics/tables.js';
import { lastCompletePeriods, monthStart, toEpochDay } from './calendar.js';
import { COUNTRY_PROFILES } from '../reference/countries.js';
import { INDICATORS, type IndicatorDef } from '../reference/indicators.js';
import { SAMPLE_START_YEAR, simulateEconomy, type EconomyPaths } from './economy.js';
import { Random } from './random.js';
import { versionsOf } from './vintages.js';
import { SAMPLE_PROVENANCE } from '../reference/provenance.js';

export interface SampleOptions {
  seed: number;
  /** `YYYY-MM-DD`: series end at the last complete period before this date. */
  asOf: string;
}

interface Point {
  day: number;
  value: number;
}

function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/** The observations of one indicator for one economy, up to the last complete period. */
function pointsOf(def: IndicatorDef, paths: EconomyPaths, asOf: string): Point[] {
  const last = lastCompletePeriods(asOf);
  const out: Point[] = [];
  switch (def.frequency) {
    case 'monthly': {
      const values = def.kpi_id === 'TRADE_BALANCE' ? undefined : paths.monthly[def.kpi_id]!;
      for (let m = 0; m <= last.month; m++) {
        const value = values
          ? round(values[m]!, def.decimals)
          : round(paths.monthly.EXPORTS![m]!, 0) - round(paths.monthly.IMPORTS![m]!, 0);
        out.push({ day: toEpochDay(monthStart(m)), value });
      }
      break;
    }
    case 'quarterly': {
      const values = paths.quarterly[def.kpi_id]!;
      for (let q = 0; q * 3 <= last.quarterStartMonth; q++) {
        out.push({ day: toEpochDay(monthStart(q * 3)), value: round(values[q]!, def.decimals) });
      }
      break;
    }
    case 'annual': {
      const values = paths.annual[def.kpi_id]!;
      for (let y = SAMPLE_START_YEAR; y <= last.year; y++) {
        out.push({ day: toEpochDay(`${y}-01-01`), value: round(values[y - SAMPLE_START_YEAR]!, def.decimals) });
      }
      break;
    }
    case 'daily': {
      const values = paths.daily[def.kpi_id];
      if (!values) break;
      const lastDay = toEpochDay(last.lastDay);
      for (let k = 0; k < paths.days.length && paths.days[k]! <= lastDay; k++) {
        out.push({ day: paths.days[k]!, value: round(values[k]!, def.decimals) });
      }
      break;
    }
  }
  return out;
}

/** Recent observations are provisional (annual: the last one estimated); daily market closes are final. */
function statusOf(def: IndicatorDef, fromEnd: number): string {
  if (def.frequency === 'daily') return 'final';
  if (def.frequency === 'annual') return fromEnd === 0 ? 'estimated' : fromEnd === 1 ? 'provisional' : 'final';
  return fromEnd < (def.frequency === 'monthly' ? 2 : 1) ? 'provisional' : 'final';
}

/** The simulated paths of every economy, by ISO3. */
function simulateEconomies(opts: SampleOptions): Map<string, EconomyPaths> {
  const endYear = Math.max(Number(opts.asOf.slice(0, 4)), 2025);
  const paths = new Map(COUNTRY_PROFILES.map((p) => [p.iso3, simulateEconomy(p, opts.seed, endYear)]));
  // Euro members quote the euro; Denmark's krone is pegged to it.
  const euroFx = paths.get('EMU')!.daily.FX_USD!;
  for (const p of COUNTRY_PROFILES) {
    if (p.currency === 'EUR') paths.get(p.iso3)!.daily.FX_USD = euroFx;
    if (p.iso3 === 'DNK') paths.get(p.iso3)!.daily.FX_USD = euroFx.map((v) => (v * p.fx2023) / 0.925);
  }
  return paths;
}

/**
 * Appends the versions of each point of a series: the last to the observations, each
 * earlier one to the revisions (a first estimate provisional until revised).
 */
function appendVersions(
  to: { observations: DuckDBAppender; revisions: DuckDBAppender },
  series: { seriesId: string; def: IndicatorDef; points: Point[] },
  calendar: { asOfDay: number; random: Random },
): void {
  const { seriesId, def, points } = series;
  points.forEach((pt, k) => {
    const status = statusOf(def, points.length - 1 - k);
    const versions = versionsOf(def, pt, calendar);
    versions.forEach((v, i) => {
      const next = versions[i + 1];
      const appender = next ? to.revisions : to.observations;
      appender.appendVarchar(seriesId);
      appender.appendInteger(pt.day);
      appender.appendDouble(v.value);
      appender.appendVarchar(next ? 'provisional' : status);
      appender.appendInteger(v.start);
      if (next) appender.appendInteger(next.start - 1);
      appender.endRow();
    });
  });
}

/** Moves the staged observations and revisions into their tables, days as dates, sorted. */
async function moveStaged(conn: DuckDBConnection): Promise<void> {
  const day = (column: string) => `DATE '1970-01-01' + ${column}`;
  await conn.run(`INSERT INTO observations
    SELECT series_id, ${day('day')}, value, obs_status, ${day('known')} FROM obs_stage ORDER BY series_id, day`);
  await conn.run(`INSERT INTO revisions
    SELECT series_id, ${day('day')}, value, obs_status, ${day('known')}, ${day('until')}
    FROM rev_stage ORDER BY series_id, day, known`);
  await conn.run('DROP TABLE obs_stage');
  await conn.run('DROP TABLE rev_stage');
}

/**
 * Writes the sample economics tables into `conn`'s database: 50 countries and the
 * euro area, 31 indicators, history from 2000 to the last complete period before
 * `asOf`, with the revisions of its release calendar (`vintages.ts`). Deterministic
 * for a given seed and as-of date.
 */
export async function writeSampleEconomics(
  conn: DuckDBConnection,
  opts: SampleOptions,
): Promise<{ series: number; observations: number }> {
  await writeEconomicsCatalogue(conn);
  const paths = simulateEconomies(opts);
  const asOfMs = Date.parse(`${opts.asOf}T00:00:00Z`);
  const seriesAppender = await conn.createAppender('series');
  const stage = 'series_id VARCHAR, day INTEGER, value DOUBLE, obs_status VARCHAR, known INTEGER';
  await conn.run(`CREATE TABLE obs_stage (${stage})`);
  await conn.run(`CREATE TABLE rev_stage (${stage}, until INTEGER)`);
  const obsAppender = await conn.createAppender('obs_stage');
  const revisions = await conn.createAppender('rev_stage');
  const asOfDay = toEpochDay(opts.asOf);
  let nSeries = 0;
  let nObs = 0;
  for (const p of COUNTRY_PROFILES) {
    const economy = paths.get(p.iso3)!;
    for (const def of INDICATORS) {
      if (def.sample === false) continue;
      const points = pointsOf(def, economy, opts.asOf);
      if (points.length === 0) continue;
      const seriesId = `${p.iso3}.${def.kpi_id}`;
      // Published within the last four weeks; daily series within the last two days.
      const ageDays = Random.for(opts.seed, seriesId, 'last-update').float() * (def.frequency === 'daily' ? 2 : 28);
      const lastUpdateMs = Math.floor((asOfMs - 3_600_000 - ageDays * 86_400_000) / 1000) * 1000;
      const lastUpdate = new Date(lastUpdateMs).toISOString().replace('.000Z', '');
      seriesAppender.appendVarchar(seriesId);
      seriesAppender.appendVarchar(p.iso3);
      seriesAppender.appendVarchar(def.kpi_id);
      seriesAppender.appendVarchar(def.frequency);
      if (def.adjustment) seriesAppender.appendVarchar(def.adjustment);
      else seriesAppender.appendNull();
      seriesAppender.appendVarchar(SAMPLE_PROVENANCE.source_name);
      seriesAppender.appendVarchar(SAMPLE_PROVENANCE.source_url);
      seriesAppender.appendVarchar(SAMPLE_PROVENANCE.license_id);
      seriesAppender.appendVarchar(SAMPLE_PROVENANCE.attribution_text);
      seriesAppender.appendVarchar(lastUpdate);
      seriesAppender.endRow();
      nSeries++;
      const calendar = { asOfDay, random: Random.for(opts.seed, seriesId, 'revisions') };
      appendVersions({ observations: obsAppender, revisions }, { seriesId, def, points }, calendar);
      nObs += points.length;
    }
  }
  seriesAppender.closeSync();
  obsAppender.closeSync();
  revisions.closeSync();
  await moveStaged(conn);
  await deriveSeriesStats(conn);
  return { series: nSeries, observations: nObs };
}
