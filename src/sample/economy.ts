import { monthIndex, toEpochDay, fromEpochDay } from './calendar.js';
import type { CountryProfile } from '../reference/countries.js';
import { INFLATION_PATHS, POLICY_RATE_PATHS, type Anchors } from '../reference/economy.js';
import { Random } from './random.js';

/**
 * A small macro model that gives every sample country paths that move like its real
 * economy: a shared global cycle (2001, 2008–09, the euro crisis, 2020), the 2021–23
 * inflation surge, policy rates following the real central banks' paths, and
 * identities that hold across indicators (CPI_YOY from the CPI index, GDP per capita
 * from GDP and population, expenditure = revenue − balance, trade balance =
 * exports − imports). Values for a period never depend on how far the run extends.
 */

/** Linear interpolation between `YYYY-MM` anchors, flat outside them. */
function anchored(anchors: Anchors): (month: number) => number {
  const pts = anchors.map(([ym, v]) => {
    const [y, m] = ym.split('-').map(Number) as [number, number];
    return [monthIndex(y, m), v] as const;
  });
  return (t) => {
    const first = pts[0]!;
    if (t <= first[0]) return first[1];
    for (let i = 1; i < pts.length; i++) {
      const [t1, v1] = pts[i]!;
      if (t <= t1) {
        const [t0, v0] = pts[i - 1]!;
        return v0 + ((v1 - v0) * (t - t0)) / (t1 - t0);
      }
    }
    return pts[pts.length - 1]![1];
  };
}

// Deviation of world consumer-price inflation from its norm, percentage points.
const GLOBAL_INFLATION = anchored([
  ['2000-01', 0.3],
  ['2001-06', 0.5],
  ['2002-06', -0.6],
  ['2004-01', 0],
  ['2005-09', 0.8],
  ['2006-12', -0.2],
  ['2008-07', 2.8],
  ['2009-07', -2.2],
  ['2010-06', 0],
  ['2011-09', 1.2],
  ['2013-06', -0.5],
  ['2015-01', -1.8],
  ['2016-06', -1.0],
  ['2018-06', 0.3],
  ['2019-06', -0.3],
  ['2020-05', -1.7],
  ['2021-01', -0.5],
  ['2021-06', 2.5],
  ['2022-06', 6.5],
  ['2022-10', 7.5],
  ['2023-06', 2.5],
  ['2024-01', 1.0],
  ['2024-09', 0],
  ['2025-06', 0.3],
  ['2026-12', 0.4],
]);

// Deviation of unemployment from its norm, percentage points.
const GLOBAL_UNEMPLOYMENT = anchored([
  ['2000-01', 0],
  ['2001-06', 0],
  ['2003-06', 0.8],
  ['2007-06', -0.8],
  ['2009-10', 2.5],
  ['2011-06', 2.0],
  ['2013-06', 1.8],
  ['2016-06', 0.5],
  ['2019-12', -0.8],
  ['2020-03', -0.6],
  ['2020-04', 3.5],
  ['2020-12', 1.5],
  ['2021-12', 0],
  ['2022-06', -0.8],
  ['2024-06', -0.5],
  ['2026-12', -0.2],
]);

// Extra unemployment and bond spread of the euro-area periphery in the sovereign-debt crisis.
const EURO_CRISIS = anchored([
  ['2000-01', 0],
  ['2008-06', 0],
  ['2010-06', 0.35],
  ['2012-06', 0.8],
  ['2013-06', 1],
  ['2015-06', 0.8],
  ['2019-06', 0.25],
  ['2023-06', 0.1],
]);
const PERIPHERY: Record<string, { unemployment: number; spread: number }> = {
  GRC: { unemployment: 13, spread: 20 },
  ESP: { unemployment: 11, spread: 4 },
  PRT: { unemployment: 6, spread: 8 },
  IRL: { unemployment: 7, spread: 7 },
  CYP: { unemployment: 8, spread: 6 },
  ITA: { unemployment: 3, spread: 4 },
};

// GDP shocks per quarter (percentage points of q/q growth), before country sensitivity.
const GLOBAL_QUARTER_SHOCK: Record<string, number> = {
  '2001-3': -0.5,
  '2001-4': -0.3,
  '2008-2': -0.3,
  '2008-3': -0.8,
  '2008-4': -2.0,
  '2009-1': -2.3,
  '2009-2': -0.5,
  '2009-3': 0.5,
  '2009-4': 0.5,
  '2010-1': 0.3,
  '2020-1': -2.5,
  '2020-2': -9.0,
  '2020-3': 8.0,
  '2020-4': 1.2,
  '2021-1': 0.3,
  '2021-2': 1.0,
  '2022-4': -0.3,
  '2023-1': -0.2,
};
const EURO_QUARTER_SHOCK: Record<string, number> = {
  '2011-4': -0.4,
  '2012-1': -0.4,
  '2012-2': -0.4,
  '2012-3': -0.3,
  '2012-4': -0.5,
  '2013-1': -0.3,
};

const HOUSING_CYCLE = anchored([
  ['2000-01', 1.0],
  ['2006-06', 1.5],
  ['2007-06', 0],
  ['2009-03', -3.0],
  ['2011-12', -0.5],
  ['2013-06', 0.5],
  ['2019-12', 0.5],
  ['2020-09', 2.0],
  ['2022-03', 2.5],
  ['2022-12', -1.5],
  ['2023-12', 0],
  ['2026-12', 0.5],
]);

const ADVANCED_OWN = new Set(['AUS', 'CAN', 'KOR', 'SWE', 'NOR', 'NZL', 'CZE', 'POL', 'HUN', 'ISR', 'CHL', 'DNK']);
const EMERGING = new Set(['ARG', 'BRA', 'CHN', 'COL', 'EGY', 'IDN', 'IND', 'MEX', 'ROU', 'RUS', 'TUR', 'ZAF', 'SAU']);
const INFLATION_SENSITIVITY: Record<string, number> = { JPN: 0.5, CHN: 0.15, CHE: 0.4, SAU: 0.4 };
const CURRENT_ACCOUNT: Record<string, number> = {
  DEU: 6,
  NLD: 8,
  CHE: 7,
  NOR: 12,
  SAU: 5,
  CHN: 2,
  KOR: 3,
  JPN: 3,
  DNK: 8,
  SWE: 4,
  IRL: 5,
  SGP: 15,
  USA: -3,
  GBR: -3.5,
  TUR: -3.5,
  AUS: -2,
  CAN: -2,
  BRA: -2.5,
  IND: -1.5,
  EGY: -3,
  COL: -4,
  ROU: -5,
  ARG: -1,
  ZAF: -2.5,
  FRA: -1,
  ESP: 0.5,
  ITA: 1,
  GRC: -5,
};
const RESERVES_TO_GDP: Record<string, number> = {
  CHN: 0.2,
  JPN: 0.28,
  CHE: 0.9,
  SAU: 0.4,
  IND: 0.16,
  KOR: 0.24,
  RUS: 0.25,
  USA: 0.01,
  BRA: 0.15,
  MEX: 0.11,
  ISR: 0.4,
  CZE: 0.4,
  POL: 0.22,
  HUN: 0.17,
  TUR: 0.08,
  IDN: 0.1,
  EGY: 0.08,
  ARG: 0.04,
};
const POPULATION_GROWTH: Record<string, number> = {
  JPN: -0.003,
  BGR: -0.009,
  LVA: -0.01,
  LTU: -0.011,
  ROU: -0.007,
  HRV: -0.006,
  GRC: -0.002,
  ITA: -0.0005,
  IND: 0.012,
  EGY: 0.019,
  IDN: 0.011,
  SAU: 0.025,
  ISR: 0.018,
  ZAF: 0.013,
  MEX: 0.011,
  TUR: 0.012,
  COL: 0.011,
  BRA: 0.008,
  ARG: 0.009,
  CHN: 0.004,
  AUS: 0.014,
  CAN: 0.011,
  NZL: 0.013,
  LUX: 0.018,
  IRL: 0.012,
  CHE: 0.009,
  NOR: 0.009,
};

export const SAMPLE_START_YEAR = 2000;

export interface EconomyPaths {
  /** Month index 0 = January 2000. */
  monthly: Record<string, Float64Array>;
  /** Quarter index 0 = 2000 Q1. */
  quarterly: Record<string, Float64Array>;
  /** Year index 0 = 2000. */
  annual: Record<string, Float64Array>;
  /** Business days from 2000-01-03, as epoch days, and the daily values on them. */
  days: Int32Array;
  daily: Record<string, Float64Array>;
}

export function businessDays(fromDay: string, toDay: string): Int32Array {
  const out: number[] = [];
  for (let d = toEpochDay(fromDay); d <= toEpochDay(toDay); d++) {
    const weekday = (d + 4) % 7; // 1970-01-01 was a Thursday
    if (weekday !== 0 && weekday !== 6) out.push(d);
  }
  return Int32Array.from(out);
}

const calendars = new Map<string, { days: Int32Array; months: Int32Array }>();

/** Business days from 2000-01-03 to `lastDay` and the month index of each; cached (Date formatting is slow). */
function tradingCalendar(lastDay: string): { days: Int32Array; months: Int32Array } {
  let cal = calendars.get(lastDay);
  if (!cal) {
    const days = businessDays('2000-01-03', lastDay);
    const months = Int32Array.from(days, (d) => {
      const date = fromEpochDay(d);
      return monthIndex(Number(date.slice(0, 4)), Number(date.slice(5, 7)));
    });
    cal = { days, months };
    calendars.set(lastDay, cal);
  }
  return cal;
}

/** An AR(1) path of `n` values: x(i) = rho · x(i−1) + sigma · ε(i), from x = 0. */
function ar1(rng: Random, n: number, shape: { rho: number; sigma: number }): Float64Array {
  const { rho, sigma } = shape;
  const out = new Float64Array(n);
  let x = 0;
  for (let i = 0; i < n; i++) {
    x = rho * x + sigma * rng.normal();
    out[i] = x;
  }
  return out;
}

function mean(values: ArrayLike<number>, from: number, to: number): number {
  let s = 0;
  for (let i = from; i < to; i++) s += values[i]!;
  return s / (to - from);
}

/** Warm-up months simulated before January 2000 (for year-on-year rates). */
const W = 12;

/** Array position of a simulated month → month index (0 = January 2000). */
const monthOf = (i: number) => i - W;

/** One economy being simulated: its profile, its random streams and the length of the run. */
interface Economy {
  p: CountryProfile;
  /** The economy's own random stream for one purpose. */
  rng: (what: string) => Random;
  /** Months of output, January 2000 to December of the last year. */
  nMonths: number;
  /** Months simulated: the warm-up and the months of output. */
  nM: number;
  emerging: boolean;
  /** A euro-area member (policy of the ECB, currency EUR). */
  euro: boolean;
  /** Extra unemployment and bond spread in the euro crisis, for the periphery. */
  periphery: { unemployment: number; spread: number } | undefined;
}

/** The paths every series is read from, by simulated month (monthly) or quarter from 1999 Q1 (quarterly). */
interface Drivers {
  /** Consumer-price inflation the economy tends to, % a year. */
  inflTarget: Float64Array;
  inflNoise: Float64Array;
  /** Consumer-price index. */
  cpi: Float64Array;
  /** Real GDP index, quarterly. */
  realIdx: Float64Array;
  /** Real GDP growth on the previous quarter, %. */
  qoq: Float64Array;
  unemployment: Float64Array;
  policy: Float64Array;
  /** Log deviation of real GDP from its trend, at a simulated month. */
  ipCycle: (i: number) => number;
}

/** Prices: the inflation target path, and the CPI index built month by month. */
function simulatePrices(e: Economy): Pick<Drivers, 'inflTarget' | 'inflNoise' | 'cpi'> {
  const { p, nM } = e;
  const sens = INFLATION_SENSITIVITY[p.iso3] ?? (e.emerging ? 1.2 : 1.0);
  const ownInflation = INFLATION_PATHS[p.iso3] ? anchored(INFLATION_PATHS[p.iso3]!) : undefined;
  const inflTarget = new Float64Array(nM);
  const inflNoise = ar1(e.rng('inflation'), nM, { rho: 0.9, sigma: 0.25 * Math.max(1, p.inflation / 5) });
  for (let i = 0; i < nM; i++) {
    inflTarget[i] =
      (ownInflation ? ownInflation(monthOf(i)) : p.inflation + sens * GLOBAL_INFLATION(monthOf(i))) + inflNoise[i]!;
  }
  const seasonal = [-0.25, 0.15, 0.35, 0.2, 0.05, -0.05, -0.3, -0.05, 0.15, 0.1, -0.1, -0.25];
  const cpiRng = e.rng('cpi');
  const cpi = new Float64Array(nM);
  cpi[0] = 100;
  for (let i = 1; i < nM; i++) {
    const monthly =
      Math.log(1 + inflTarget[i]! / 100) / 12 + (seasonal[i % 12]! / 100) * 0.6 + 0.0008 * cpiRng.normal();
    cpi[i] = cpi[i - 1]! * Math.exp(monthly);
  }
  return { inflTarget, inflNoise, cpi };
}

/** Real activity: quarterly real GDP index with global and euro shocks. */
function simulateActivity(e: Economy): Pick<Drivers, 'realIdx' | 'qoq'> {
  const { p } = e;
  const nQ = e.nM / 3;
  const qRng = e.rng('gdp');
  const gdpSens = e.emerging ? 0.8 : 1.0;
  const realIdx = new Float64Array(nQ);
  const qoq = new Float64Array(nQ);
  realIdx[0] = 100;
  for (let q = 1; q < nQ; q++) {
    const year = SAMPLE_START_YEAR - 1 + Math.floor(q / 4);
    const key = `${year}-${(q % 4) + 1}`;
    const euroShock = e.euro ? (EURO_QUARTER_SHOCK[key] ?? 0) * (e.periphery ? 2 : 1) : 0;
    const shock = (GLOBAL_QUARTER_SHOCK[key] ?? 0) + euroShock;
    qoq[q] = p.growth / 4 + gdpSens * shock + 0.35 * qRng.normal();
    realIdx[q] = realIdx[q - 1]! * (1 + qoq[q]! / 100);
  }
  return { realIdx, qoq };
}

/** Unemployment: the economy's norm moved by the global cycle and, in the periphery, the euro crisis. */
function simulateUnemployment(e: Economy): Float64Array {
  const { p, nM, periphery } = e;
  const uNoise = ar1(e.rng('unemployment'), nM, { rho: 0.96, sigma: 0.1 });
  const uSens = p.iso3 === 'USA' || p.iso3 === 'CAN' ? 1.6 : e.emerging ? 0.8 : 1.0;
  const unemployment = new Float64Array(nM);
  for (let i = 0; i < nM; i++) {
    let u = p.unemployment + uSens * GLOBAL_UNEMPLOYMENT(monthOf(i)) + uNoise[i]!;
    if (periphery) u += periphery.unemployment * EURO_CRISIS(monthOf(i));
    unemployment[i] = Math.min(25, Math.max(2, u));
  }
  return unemployment;
}

/** Money: the policy rate from the real central bank path, or from domestic inflation. */
function simulatePolicyRate(e: Economy, inflTarget: Float64Array): Float64Array {
  const { p, nM } = e;
  const policy = new Float64Array(nM);
  const template = POLICY_RATE_PATHS[p.iso3] ?? (p.policy === 'own' ? undefined : POLICY_RATE_PATHS[p.policy]);
  const templatePath = template ? anchored(template) : undefined;
  const fed = anchored(POLICY_RATE_PATHS.fed!);
  for (let i = 0; i < nM; i++) {
    if (templatePath) {
      policy[i] = Math.round(templatePath(monthOf(i)) * 20) / 20;
      continue;
    }
    const smoothInfl = mean(inflTarget, Math.max(0, i - 11), i + 1);
    const domestic = smoothInfl + (e.emerging ? 2.5 : 0.5);
    const raw = ADVANCED_OWN.has(p.iso3) ? 0.5 * fed(monthOf(i)) + 0.5 * domestic : domestic;
    const floor = e.emerging ? 1.0 : 0.1;
    policy[i] = Math.max(floor, Math.round(raw * 4) / 4);
  }
  return policy;
}

function simulateDrivers(e: Economy): Drivers {
  const prices = simulatePrices(e);
  const activity = simulateActivity(e);
  const { realIdx } = activity;
  const ipCycle = (i: number) => {
    const q = Math.floor(i / 3);
    const trend = 100 * Math.pow(1 + e.p.growth / 400, q);
    return Math.log(realIdx[q]! / trend);
  };
  const unemployment = simulateUnemployment(e);
  const policy = simulatePolicyRate(e, prices.inflTarget);
  return { ...prices, ...activity, unemployment, policy, ipCycle };
}

type Series = Record<string, Float64Array>;

/** The months of output of a path of simulated months. */
function take(e: Economy, fn: (i: number) => number): Float64Array {
  const out = new Float64Array(e.nMonths);
  for (let m = 0; m < e.nMonths; m++) out[m] = fn(m + W);
  return out;
}

/** The mean of a path of simulated months over 2015 (the base of indices). */
const base2015 = (series: Float64Array) => mean(series, monthIndex(2015, 1) + W, monthIndex(2015, 12) + W + 1);

const yoyOf = (series: Float64Array, i: number, lag: number) => 100 * (series[i]! / series[i - lag]! - 1);

/** Monthly prices and labour-market series. */
function pricesAndLabour(e: Economy, d: Drivers): Series {
  const { p, nM } = e;
  const { inflTarget, inflNoise, cpi, unemployment } = d;
  const coreNoise = ar1(e.rng('core'), nM, { rho: 0.9, sigma: 0.12 });
  const ppiNoise = ar1(e.rng('ppi'), nM, { rho: 0.9, sigma: 0.8 });
  const youthFactor = 1.9 + 0.6 * e.rng('youth').float();
  const youthNoise = ar1(e.rng('youth-noise'), nM, { rho: 0.8, sigma: 0.5 });
  const cpiBase = base2015(cpi);
  const lagged = (i: number) => Math.max(0, i - 4);
  return {
    CPI: take(e, (i) => (100 * cpi[i]!) / cpiBase),
    CPI_YOY: take(e, (i) => yoyOf(cpi, i, 12)),
    CORE_CPI_YOY: take(
      e,
      (i) => 0.55 * (inflTarget[lagged(i)]! - inflNoise[lagged(i)]!) + 0.45 * p.inflation + coreNoise[i]!,
    ),
    PPI_YOY: take(e, (i) => 0.8 * p.inflation + 1.9 * (inflTarget[i]! - p.inflation) + ppiNoise[i]!),
    UNEMPLOYMENT: take(e, (i) => unemployment[i]!),
    YOUTH_UNEMPLOYMENT: take(e, (i) => Math.min(60, Math.max(3, unemployment[i]! * youthFactor + youthNoise[i]!))),
  };
}

// Interbank stress over the policy rate in the financial crisis, percentage points.
const INTERBANK_CRISIS = anchored([
  ['2007-06', 0],
  ['2007-09', 0.6],
  ['2008-10', 1.2],
  ['2009-06', 0.2],
  ['2010-01', 0],
]);

// Extra money growth of the pandemic years and its unwinding, percentage points.
const COVID_MONEY = anchored([
  ['2020-02', 0],
  ['2020-06', 9],
  ['2021-03', 10],
  ['2021-12', 3],
  ['2022-12', -3],
  ['2023-12', -1],
  ['2024-12', 0],
]);

/** Monthly money-market, money and industrial-production series. */
function moneyAndIndustry(e: Economy, d: Drivers): Series {
  const { p, nM } = e;
  const { inflTarget, policy } = d;
  const interbankNoise = ar1(e.rng('interbank'), nM, { rho: 0.7, sigma: 0.05 });
  const m2Noise = ar1(e.rng('m2'), nM, { rho: 0.9, sigma: 0.8 });
  const ipNoise = ar1(e.rng('ip'), nM, { rho: 0.6, sigma: 0.8 });
  const covidSens = e.emerging ? 0.4 : 1;
  const ipRaw = new Float64Array(nM);
  for (let i = 0; i < nM; i++) {
    ipRaw[i] = Math.exp((0.6 * p.growth * i) / 1200 + 1.8 * d.ipCycle(i) + ipNoise[i]! / 100);
  }
  const ipBase = base2015(ipRaw);
  return {
    POLICY_RATE: take(e, (i) => policy[i]!),
    INTERBANK_3M: take(e, (i) => Math.max(-0.9, policy[i]! + 0.12 + INTERBANK_CRISIS(monthOf(i)) + interbankNoise[i]!)),
    M2_YOY: take(e, (i) => p.growth + inflTarget[i]! + 1.5 + covidSens * COVID_MONEY(monthOf(i)) + m2Noise[i]!),
    INDUSTRIAL_PRODUCTION: take(e, (i) => (100 * ipRaw[i]!) / ipBase),
  };
}

/** House prices, quarterly from 1999 Q1, in the cycle of housing markets. */
function simulateHousePrices(e: Economy, inflTarget: Float64Array): Float64Array {
  const { p } = e;
  const nQ = e.nM / 3;
  const houseRng = e.rng('house');
  const houseSens = ['USA', 'ESP', 'IRL', 'GBR'].includes(p.iso3) ? 2.2 : e.emerging ? 0.6 : 1.0;
  const house = new Float64Array(nQ);
  house[0] = 100;
  for (let q = 1; q < nQ; q++) {
    const i = q * 3;
    const drift = (inflTarget[i]! + p.growth * 0.6) / 4 + houseSens * HOUSING_CYCLE(monthOf(i)) * 0.6;
    house[q] = house[q - 1]! * (1 + (drift + 0.5 * houseRng.normal()) / 100);
  }
  return house;
}

/** Quarterly series (position q counts from 1999 Q1; output index 0 = 2000 Q1). */
function quarterlySeries(e: Economy, d: Drivers): Series {
  const { p } = e;
  const { inflTarget, unemployment, realIdx, qoq } = d;
  const nQ = e.nM / 3;
  const nQuarters = e.nMonths / 3;
  const takeQ = (fn: (q: number) => number) => {
    const out = new Float64Array(nQuarters);
    for (let k = 0; k < nQuarters; k++) out[k] = fn(k + 4);
    return out;
  };
  const house = simulateHousePrices(e, inflTarget);
  const houseBase = mean(house, 64, 68); // 2015 Q1–Q4
  const empNoise = ar1(e.rng('employment'), nQ, { rho: 0.8, sigma: 0.25 });
  const empBase = Math.min(80, 78 - 0.9 * p.unemployment + (e.emerging ? -8 : 0));
  const wageNoise = ar1(e.rng('wages'), nQ, { rho: 0.7, sigma: 0.5 });
  return {
    GDP_REAL_QOQ: takeQ((q) => qoq[q]!),
    GDP_REAL_YOY: takeQ((q) => yoyOf(realIdx, q, 4)),
    HOUSE_PRICES: takeQ((q) => (100 * house[q]!) / houseBase),
    EMPLOYMENT_RATE: takeQ((q) => {
      const gap = mean(unemployment, q * 3, q * 3 + 3) - p.unemployment;
      return empBase - 0.9 * gap + (0.12 * (q - 4)) / 4 + empNoise[q]!;
    }),
    WAGE_GROWTH: takeQ((q) => {
      const i = q * 3;
      return mean(inflTarget, Math.max(0, i - 6), i) + 1.0 - 0.35 * (unemployment[i]! - p.unemployment) + wageNoise[q]!;
    }),
  };
}

/** The business days of the run, with the simulated month and the year of each. */
interface Days {
  days: Int32Array;
  /** Simulated month (array position) of business day `k`. */
  month: (k: number) => number;
  year: (k: number) => number;
}

function daysOf(endYear: number): Days {
  const { days, months } = tradingCalendar(`${endYear}-12-31`);
  const dayPos = months.map((m) => m + W);
  return {
    days,
    month: (k) => dayPos[k]!,
    year: (k) => SAMPLE_START_YEAR + Math.floor((dayPos[k]! - W) / 12),
  };
}

/** The exchange rate (currency per USD) on business days, averaging its 2023 rate in 2023; undefined for the USD. */
function simulateFx(e: Economy, inflTarget: Float64Array, cal: Days): Float64Array | undefined {
  const { p } = e;
  if (p.currency === 'USD') return undefined;
  const n = cal.days.length;
  const fx = new Float64Array(n);
  const fxRng = e.rng(`fx-${p.currency}`);
  const pegged = p.currency === 'SAR';
  const sigma = p.currency === 'CNY' ? 0.0015 : e.emerging ? 0.006 : 0.005;
  let ppp = 0;
  let x = 0;
  for (let k = 0; k < n; k++) {
    const i = cal.month(k);
    ppp += (inflTarget[i]! - (2.4 + GLOBAL_INFLATION(monthOf(i)))) / 100 / 252;
    x = 0.998 * x + sigma * fxRng.normal();
    fx[k] = pegged ? 1 : Math.exp(ppp + x);
  }
  let sum = 0;
  let count = 0;
  for (let k = 0; k < n; k++) {
    if (cal.year(k) === 2023) {
      sum += fx[k]!;
      count++;
    }
  }
  const avg = sum / count;
  for (let k = 0; k < n; k++) fx[k] = (fx[k]! * p.fx2023) / avg;
  return fx;
}

/** The 10-year government bond yield on business days, drawn towards policy rate, inflation and crisis spread. */
function simulateBondYield(e: Economy, d: Drivers, cal: Days): Float64Array {
  const { p, periphery } = e;
  const bondRng = e.rng('bond');
  const bond = new Float64Array(cal.days.length);
  let y = 0;
  for (let k = 0; k < cal.days.length; k++) {
    const i = cal.month(k);
    const smooth = mean(d.inflTarget, Math.max(0, i - 11), i + 1);
    const spread = periphery ? periphery.spread * EURO_CRISIS(monthOf(i)) * (p.iso3 === 'GRC' ? 1.2 : 1) : 0;
    const target = 0.55 * d.policy[i]! + 0.45 * (smooth + 1.2) + spread;
    y = k === 0 ? target : y + 0.02 * (target - y) + 0.045 * bondRng.normal();
    bond[k] = y;
  }
  return bond;
}

/** Annual GDP: population, the deflator, GDP in USD (anchored on 2023) and per person. */
function gdpSeries(e: Economy, d: Drivers, fx: { cal: Days; rates: Float64Array | undefined }): Annual {
  const { p } = e;
  const nYears = e.nMonths / 12;
  const popGrowth = POPULATION_GROWTH[p.iso3] ?? (e.emerging ? 0.01 : 0.004);
  const population = Float64Array.from(
    { length: nYears },
    (_, k) => p.popM * 1e6 * Math.exp(popGrowth * (SAMPLE_START_YEAR + k - 2023)),
  );
  // Position 0 = 1999.
  const realAnnual = Float64Array.from({ length: nYears + 1 }, (_, k) => mean(d.realIdx, k * 4, k * 4 + 4));
  const deflRng = e.rng('deflator');
  const deflator = Float64Array.from(
    { length: nYears },
    (_, k) => mean(d.inflTarget, (k + 1) * 12, (k + 2) * 12) + 0.6 * deflRng.normal(),
  );
  const fxAvg = annualAverages(fx.rates, fx.cal, nYears);
  const local = new Float64Array(nYears);
  local[K2023] = p.gdpBn * 1e9 * fxAvg[K2023]!;
  const nominalGrowth = (k: number) => (realAnnual[k + 1]! / realAnnual[k]!) * (1 + deflator[k]! / 100);
  for (let k = K2023 + 1; k < nYears; k++) local[k] = local[k - 1]! * nominalGrowth(k);
  for (let k = K2023 - 1; k >= 0; k--) local[k] = local[k + 1]! / nominalGrowth(k + 1);
  const gdpUsd = Float64Array.from(local, (v, k) => v / fxAvg[k]!);
  return {
    series: {
      POPULATION: population,
      GDP_DEFLATOR_YOY: deflator,
      GDP_USD: gdpUsd,
      GDP_PER_CAPITA: Float64Array.from(gdpUsd, (v, k) => v / population[k]!),
    },
    realAnnual,
    nominalGrowth,
  };
}

/** Year index of 2023, the year the sample's levels are anchored on. */
const K2023 = 2023 - SAMPLE_START_YEAR;

/** Annual series with what the later ones are built from. */
interface Annual {
  series: Series;
  /** Real GDP, annual means of the quarterly index (position 0 = 1999). */
  realAnnual: Float64Array;
  /** Nominal GDP growth factor of year index `k` over the year before. */
  nominalGrowth: (k: number) => number;
}

/** Yearly averages of a rate on business days; 1 every year when there is no rate. */
function annualAverages(rates: Float64Array | undefined, cal: Days, nYears: number): Float64Array {
  const avg = new Float64Array(nYears).fill(1);
  if (!rates) return avg;
  const sums = new Float64Array(nYears);
  const counts = new Float64Array(nYears);
  for (let j = 0; j < cal.days.length; j++) {
    const k = cal.year(j) - SAMPLE_START_YEAR;
    sums[k] = sums[k]! + rates[j]!;
    counts[k] = counts[k]! + 1;
  }
  for (let k = 0; k < nYears; k++) avg[k] = sums[k]! / counts[k]!;
  return avg;
}

// Fiscal deficits of the financial crisis and the pandemic, % of GDP.
const FISCAL_SHOCK: Record<number, number> = {
  2009: -4,
  2010: -3.5,
  2011: -2,
  2012: -1.5,
  2020: -6.5,
  2021: -4,
  2022: -1.5,
};

/** Public finances: balance, revenue, expenditure = revenue − balance, and debt. */
function publicFinances(e: Economy, gdp: Annual): Series {
  const { p } = e;
  const { realAnnual } = gdp;
  const nYears = e.nMonths / 12;
  const balRng = e.rng('balance');
  const balanceBase = p.iso3 === 'NOR' ? 9 : p.iso3 === 'CHE' || p.iso3 === 'SAU' ? 0.5 : -0.5 - (1.5 * p.debt) / 100;
  let balNoise = 0;
  const balance = Float64Array.from({ length: nYears }, (_, k) => {
    balNoise = 0.6 * balNoise + 0.7 * balRng.normal();
    const growthGap = 100 * (realAnnual[k + 1]! / realAnnual[k]! - 1) - p.growth;
    return balanceBase + (FISCAL_SHOCK[SAMPLE_START_YEAR + k] ?? 0) + 0.3 * growthGap + balNoise;
  });
  const revRng = e.rng('revenue');
  const revenue = Float64Array.from({ length: nYears }, () => p.revenue + 0.8 * revRng.normal());
  // Debt dynamics d_t = d_{t-1} / (1 + g_t) − balance_t, run from the 2023 anchor both ways.
  const debt = new Float64Array(nYears);
  debt[K2023] = p.debt;
  const g = (k: number) => Math.min(1.12, gdp.nominalGrowth(k));
  for (let k = K2023 + 1; k < nYears; k++) debt[k] = Math.max(3, debt[k - 1]! / g(k) - balance[k]!);
  for (let k = K2023 - 1; k >= 0; k--) debt[k] = Math.max(3, (debt[k + 1]! + balance[k + 1]!) * g(k + 1));
  return {
    GOV_BALANCE: balance,
    GOV_REVENUE: revenue,
    GOV_EXPENDITURE: Float64Array.from(revenue, (r, k) => r - balance[k]!),
    GOV_DEBT: debt,
  };
}

/** External accounts, annual: the current account (% of GDP) and FDI inflows (USD). */
function externalAccounts(e: Economy, gdpUsd: Float64Array): Series {
  const { p } = e;
  const caNoise = ar1(e.rng('current-account'), e.nMonths / 12, { rho: 0.7, sigma: 1.0 });
  const caBase = CURRENT_ACCOUNT[p.iso3] ?? -1;
  const fdiRng = e.rng('fdi');
  const fdiShare = ['IRL', 'LUX', 'NLD', 'MLT', 'CYP'].includes(p.iso3) ? 0.08 : 0.025;
  return {
    CURRENT_ACCOUNT: Float64Array.from(caNoise, (x) => caBase + x),
    FDI_INFLOWS: Float64Array.from(gdpUsd, (v) => v * fdiShare * Math.exp(0.4 * fdiRng.normal())),
  };
}

/** Monthly goods trade and reserves, scaled to the year's GDP in USD. */
function tradeAndReserves(e: Economy, d: Drivers, annual: Series): Series {
  const { p, nMonths } = e;
  const gdpUsd = annual.GDP_USD!;
  const currentAccount = annual.CURRENT_ACCOUNT!;
  const tradeRng = e.rng('trade');
  const tradeSeason = [0.92, 0.95, 1.07, 1.0, 1.02, 1.03, 1.0, 0.93, 1.01, 1.05, 1.03, 0.99];
  const exports = new Float64Array(nMonths);
  const imports = new Float64Array(nMonths);
  const reserves = new Float64Array(nMonths);
  const reserveShare = RESERVES_TO_GDP[p.iso3] ?? (e.euro ? 0.02 : 0.1);
  let reserve = 0;
  for (let m = 0; m < nMonths; m++) {
    const k = Math.floor(m / 12);
    const gdpMonth = gdpUsd[k]! / 12;
    const cyc = Math.exp(1.5 * d.ipCycle(m + W));
    exports[m] = gdpMonth * p.openness * tradeSeason[m % 12]! * cyc * Math.exp(0.03 * tradeRng.normal());
    const gap = (currentAccount[k]! / 100) * gdpMonth * 0.8;
    imports[m] = Math.max(0.2 * exports[m]!, (exports[m]! - gap) * Math.exp(0.03 * tradeRng.normal()));
    const target = reserveShare * gdpUsd[k]!;
    reserve = m === 0 ? target : reserve + 0.05 * (target - reserve) + 0.01 * reserve * tradeRng.normal();
    reserves[m] = reserve;
  }
  return { EXPORTS: exports, IMPORTS: imports, FX_RESERVES: reserves };
}

/** Simulates one economy from 1999 (a year of warm-up for year-on-year rates) to December of `endYear`. */
export function simulateEconomy(p: CountryProfile, seed: number, endYear: number): EconomyPaths {
  const nMonths = (endYear - SAMPLE_START_YEAR + 1) * 12;
  const e: Economy = {
    p,
    rng: (what) => Random.for(seed, p.iso3, what),
    nMonths,
    nM: nMonths + W,
    emerging: EMERGING.has(p.iso3),
    euro: p.policy === 'ecb' && p.currency === 'EUR',
    periphery: PERIPHERY[p.iso3],
  };
  const d = simulateDrivers(e);
  // Daily markets: exchange rate and bond yield on business days.
  const cal = daysOf(endYear);
  const fx = simulateFx(e, d.inflTarget, cal);
  const daily: Series = fx ? { FX_USD: fx } : {};
  daily.BOND_YIELD_10Y = simulateBondYield(e, d, cal);
  // Annual: population, GDP in USD (anchored on 2023), public finances, external accounts.
  const gdp = gdpSeries(e, d, { cal, rates: fx });
  const annual: Series = { ...gdp.series, ...publicFinances(e, gdp) };
  Object.assign(annual, externalAccounts(e, annual.GDP_USD!));
  const monthly: Series = { ...pricesAndLabour(e, d), ...moneyAndIndustry(e, d), ...tradeAndReserves(e, d, annual) };
  const quarterly = quarterlySeries(e, d);
  return { monthly, quarterly, annual, days: cal.days, daily };
}
