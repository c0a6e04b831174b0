import type { DuckDBConnection } from '@duckdb/node-api';
import { countryByIso2, tradeCountryList, type TradeCountryRef } from '../reference/countries.js';
import { EU_MEMBERS } from '../reference/groups.js';
import { TRADE_DDL, deriveTradeTables, writeProducts, writeTradeCountries } from '../trade/file-format/index.js';
import { lastCompletePeriods, monthIndex } from './calendar.js';
import { SAMPLE_PROVENANCE } from '../reference/provenance.js';
import {
  COUNTRY_SHARES,
  DEFAULT_IMPORT_SHARES,
  PROFILES,
  PROFILE_OF,
  REGION_PROFILE,
  type ChapterShares,
} from './trade-shares.js';
import { readNumber, readRows } from '../store/rows.js';

export interface TradeSampleOptions {
  seed: number;
  asOf: string;
  /** 1 = at least 50 million annual observations; the default is small enough to build in seconds. */
  scale: number;
  /** The product universe: HS6 codes with world trade (bn USD) and unit value (USD/kg). */
  products: ReadonlyArray<{
    hs6: string;
    name: string;
    chapterName: string;
    headingName: string;
    worldTradeBn: number;
    unitValue: number;
  }>;
  hsVersion: number;
  /** Called as each long phase starts (progress reporting). */
  onPhase?: (
    phase: 'pair-product flows' | 'monthly flows' | 'annual sums' | 'sorted copies and aggregates',
  ) => Promise<void> | void;
  /** Called as each derived table is done. */
  onStep?: (done: number, total: number) => void;
}

export interface TradeSampleReport {
  annual: number;
  monthly: number;
  products: number;
  timingsMs: Record<string, number>;
}

/** The 41 reporting countries of the trade sample: the 27 EU members and 14 others. */
const OTHER_REPORTERS = ['US', 'CN', 'JP', 'KR', 'IN', 'GB', 'CA', 'MX', 'BR', 'AU', 'CH', 'NO', 'TR', 'ZA'];
const REPORTERS = [...EU_MEMBERS, ...OTHER_REPORTERS];

const REGION_DEFAULT_BN: Record<string, number> = {
  Europe: 6,
  Asia: 12,
  Africa: 8,
  'North America': 4,
  'South America': 10,
  Oceania: 1.5,
  Antarctica: 0.1,
};

/**
 * The mass of the gravity model that shapes the sample: a country's 2023 GDP in
 * billions of USD, or for a smaller economy without a figure a default by region.
 */
function gdpBn(iso2: string, region: string): number {
  return countryByIso2(iso2)?.gdpBn ?? REGION_DEFAULT_BN[region] ?? 5;
}

/** Annual observations per unit of scale: SAMPLE_SCALE=1 gives 10 % more than 50 million. */
const ANNUAL_ROWS_AT_SCALE_1 = 55_000_000;
/** Total value of the trade declared by the 41 reporters in 2015, USD. */
const TOTAL_VALUE_2015 = 1.1e13;
const FIRST_YEAR = 2015;

// World trade level by year relative to 2015 (the 2020 dip, the 2021–22 surge).
const TRADE_INDEX: Record<number, number> = {
  2015: 1,
  2016: 0.97,
  2017: 1.07,
  2018: 1.17,
  2019: 1.14,
  2020: 1.05,
  2021: 1.32,
  2022: 1.47,
  2023: 1.41,
  2024: 1.44,
  2025: 1.49,
  2026: 1.52,
};

function tradeIndex(year: number): number {
  return TRADE_INDEX[year] ?? 1.52 * 1.03 ** (year - 2026);
}

/** No chapter is ruled out for anyone: a floor keeps every pair–chapter cell possible. */
const MIN_MULTIPLIER = 0.005;

/**
 * A country's multiplier per chapter: its share of the chapter over the chapter's
 * share of world trade (`world`, summing to 1). Chapters the shares do not name take
 * the rest in proportion to their world share, so the world-weighted mean is 1 and
 * the country's total is unchanged. A named chapter the product list lacks gives its
 * share to the rest.
 */
export function chapterMultipliers(
  shares: ChapterShares | undefined,
  world: ReadonlyMap<number, number>,
): Map<number, number> {
  const named = new Map<number, number>();
  let shareNamed = 0;
  let worldNamed = 0;
  for (const [key, pct] of Object.entries(shares ?? {})) {
    const [lo, hi = lo] = key.split('-').map(Number) as [number, number?];
    const chapters = [...world.keys()].filter((ch) => ch >= lo && ch <= hi);
    const w = chapters.reduce((s, ch) => s + world.get(ch)!, 0);
    if (w === 0) continue;
    for (const ch of chapters) named.set(ch, pct / 100 / w);
    shareNamed += pct / 100;
    worldNamed += w;
  }
  const rest = worldNamed < 1 ? Math.max(0, 1 - shareNamed) / (1 - worldNamed) : 0;
  return new Map([...world.keys()].map((ch) => [ch, Math.max(MIN_MULTIPLIER, named.get(ch) ?? rest)]));
}

/** A country's shares: its own, else its profile's or its region's; undefined means the world basket. */
export function tradeSharesOf(iso2: string, region: string, side: 'exports' | 'imports'): ChapterShares | undefined {
  const own = COUNTRY_SHARES[iso2]?.[side];
  if (own) return own;
  const profile = PROFILES[PROFILE_OF[iso2] ?? REGION_PROFILE[region] ?? '']?.[side];
  return profile ?? (side === 'imports' ? DEFAULT_IMPORT_SHARES : undefined);
}

/**
 * Writes the generated trade sample into `conn`'s database. Everything is computed
 * inside DuckDB from hashes of (seed, keys), so SAMPLE_SCALE=1 (hundreds of millions
 * of monthly rows) builds on two cores, and the same seed gives the same numbers.
 *
 * The model: a gravity pattern over exporter–importer pairs (GDP masses with export
 * and import propensities, same continent and EU bonuses), times each side's
 * specialisation in the product's chapter (`trade-shares.ts`: what a country exports
 * and imports, as shares of its trade); each pair trades a product with a
 * probability rising with the pair's and the product's size, so most pair–product
 * cells are empty at the default scale; an exporter's chapters keep its shares in
 * expectation; values are heavy-tailed (log-normal) and follow the world trade
 * cycle; small flows trade in few months, large ones every month, with seasonality;
 * each monthly flow is declared by the exporter (FOB), the importer (CIF, a few
 * percent higher) or both — only by the reporting side when one side does not
 * report; quantities in kg follow product unit values, missing for some
 * declarant–product combinations. Annual observations are the reconciled monthly sums.
 */
export async function writeSampleTrade(conn: DuckDBConnection, opts: TradeSampleOptions): Promise<TradeSampleReport> {
  const started = Date.now();
  const timings: Record<string, number> = {};
  await conn.run(TRADE_DDL);
  const countries = tradeCountryList();
  await writeCountries(conn, countries);
  await writeProductTables(conn, opts);
  await writeSpecialisation(conn, { countries, products: opts.products });
  await createRandomMacros(conn, opts.seed);
  await createPairTables(conn);
  const last = lastCompletePeriods(opts.asOf);
  await createPresenceMacro(conn, { target: opts.scale * ANNUAL_ROWS_AT_SCALE_1, years: last.year - FIRST_YEAR + 1 });

  await opts.onPhase?.('pair-product flows');
  const sizeSum = await drawPairProductFlows(conn);
  // Smaller samples hold fewer, larger flows; shrinking the total with the scale keeps
  // single flows at magnitudes real trade has.
  const valueScale = (TOTAL_VALUE_2015 * Math.min(1, opts.scale) ** 0.3) / sizeSum;

  await opts.onPhase?.('monthly flows');
  const lastYearOfLevels = Number(opts.asOf.slice(0, 4));
  await writeMonthly(conn, { seed: opts.seed, valueScale, lastYearOfLevels, lastMonth: last.month });

  await opts.onPhase?.('annual sums');
  await writeAnnual(conn, last.year);
  timings.generate = Date.now() - started;
  for (const t of ['pairs', 'pc', 'pw', 'spec', 'rake', 'triples', 'c', 'p', 'gbin', 'wbin', 'lbin'])
    await conn.run(`DROP TABLE temp.${t}`);
  const derived = Date.now();
  await opts.onPhase?.('sorted copies and aggregates');
  await deriveTradeTables(conn, opts.onStep);
  timings.derive = Date.now() - derived;
  const [counts] = readRows(
    await conn.runAndReadAll(
      `SELECT (SELECT count(*) FROM annual_by_year)::DOUBLE AS annual,
        (SELECT count(*) FROM monthly_by_month)::DOUBLE AS monthly`,
    ),
    ['annual', 'monthly'],
  );
  return {
    annual: Number(counts!.annual),
    monthly: Number(counts!.monthly),
    products: opts.products.length,
    timingsMs: timings,
  };
}

/**
 * The countries of trade (reporters marked) with their sources, and the temporary
 * table `c` of the model's masses: id, region, GDP mass, export and import propensity.
 */
async function writeCountries(conn: DuckDBConnection, countries: TradeCountryRef[]): Promise<void> {
  const reporters = new Set(REPORTERS);
  const eu = new Set(EU_MEMBERS);
  await conn.run(`
    CREATE TEMP TABLE c (
      id SMALLINT, iso2 VARCHAR, region VARCHAR, mass DOUBLE, propensity DOUBLE, imp_propensity DOUBLE,
      reporter BOOLEAN, eu BOOLEAN
    )`);
  await writeTradeCountries(conn, countries, (iso2) => reporters.has(iso2));
  const { source_name, source_url, license_id, attribution_text } = SAMPLE_PROVENANCE;
  await conn.run('INSERT INTO sources SELECT id, $1, $2, $3, $4 FROM countries WHERE is_reporter', [
    source_name,
    source_url,
    license_id,
    attribution_text,
  ]);
  const massApp = await conn.createAppender('c', 'main', 'temp');
  countries.forEach((c, k) => {
    massApp.appendSmallInt(k + 1);
    massApp.appendVarchar(c.iso2);
    massApp.appendVarchar(c.region);
    massApp.appendDouble(gdpBn(c.iso2, c.region));
    massApp.appendDouble(countryByIso2(c.iso2)?.exportPropensity ?? 1);
    massApp.appendDouble(countryByIso2(c.iso2)?.importPropensity ?? 1);
    massApp.appendBoolean(reporters.has(c.iso2));
    massApp.appendBoolean(eu.has(c.iso2));
    massApp.endRow();
  });
  massApp.closeSync();
}

/** The products of the sample, and the temporary table `p`: world trade weight, unit value and chapter. */
async function writeProductTables(conn: DuckDBConnection, opts: TradeSampleOptions): Promise<void> {
  await conn.run('CREATE TEMP TABLE p (hs6 INTEGER, weight DOUBLE, unit_value DOUBLE, chapter INTEGER)');
  await writeProducts(
    conn,
    opts.products.map((p) => ({
      hs6: Number(p.hs6),
      hs_version: opts.hsVersion,
      name: p.name,
      chapter_name: p.chapterName,
      heading_name: p.headingName,
    })),
  );
  const wApp = await conn.createAppender('p', 'main', 'temp');
  for (const p of opts.products) {
    wApp.appendInteger(Number(p.hs6));
    wApp.appendDouble(p.worldTradeBn);
    wApp.appendDouble(p.unitValue);
    wApp.appendInteger(Math.floor(Number(p.hs6) / 10000));
    wApp.endRow();
  }
  wApp.closeSync();
}

/**
 * Specialisation (the temporary table `spec`): each country's multiplier per chapter
 * as exporter (x) and importer (m). Importer multipliers are scaled per chapter to a
 * mass-weighted mean of 1, so a chapter's world total stays what its exporters' shares make it.
 */
async function writeSpecialisation(
  conn: DuckDBConnection,
  of: { countries: TradeCountryRef[]; products: TradeSampleOptions['products'] },
): Promise<void> {
  const { countries, products } = of;
  const chapterTrade = new Map<number, number>();
  for (const p of products) {
    const ch = Math.floor(Number(p.hs6) / 10000);
    chapterTrade.set(ch, (chapterTrade.get(ch) ?? 0) + p.worldTradeBn);
  }
  const worldTrade = [...chapterTrade.values()].reduce((s, v) => s + v, 0);
  const world = new Map([...chapterTrade].sort((a, b) => a[0] - b[0]).map(([ch, v]) => [ch, v / worldTrade]));
  const xs = countries.map((c) => chapterMultipliers(tradeSharesOf(c.iso2, c.region, 'exports'), world));
  const ms = countries.map((c) => chapterMultipliers(tradeSharesOf(c.iso2, c.region, 'imports'), world));
  const importMass = countries.map((c) => gdpBn(c.iso2, c.region) ** 0.8);
  const totalMass = importMass.reduce((s, v) => s + v, 0);
  const meanM = new Map(
    [...world.keys()].map((ch) => [ch, ms.reduce((s, m, k) => s + m.get(ch)! * importMass[k]!, 0) / totalMass]),
  );
  await conn.run('CREATE TEMP TABLE spec (id SMALLINT, chapter INTEGER, x DOUBLE, m DOUBLE, share DOUBLE)');
  const sApp = await conn.createAppender('spec', 'main', 'temp');
  countries.forEach((_c, k) => {
    for (const ch of world.keys()) {
      sApp.appendSmallInt(k + 1);
      sApp.appendInteger(ch);
      sApp.appendDouble(xs[k]!.get(ch)!);
      sApp.appendDouble(ms[k]!.get(ch)! / meanM.get(ch)!);
      sApp.appendDouble(xs[k]!.get(ch)! * world.get(ch)!);
      sApp.endRow();
    }
  });
  sApp.closeSync();
}

/** Seeded uniforms and normals from hashes of their keys. */
async function createRandomMacros(conn: DuckDBConnection, seed: number): Promise<void> {
  await conn.run(
    `CREATE TEMP MACRO u01(a, b, c, d) AS
       ((hash(hash(${seed}, a, b, c, d)) % 4294967296)::DOUBLE + 0.5) / 4294967296.0`,
  );
  await conn.run(
    `CREATE TEMP MACRO gauss(a, b, c, d) AS
       sqrt(-2 * ln(u01(a, b, c, d))) * cos(2 * pi() * u01(a, b, c, d + 7919))`,
  );
}

/**
 * The gravity pattern over exporter–importer pairs (`pairs`, with `g` scaled to a
 * maximum of 1), the pair × chapter cells (`pc`) and the product weights (`pw`).
 */
async function createPairTables(conn: DuckDBConnection): Promise<void> {
  await conn.run(`
    CREATE TEMP TABLE pairs AS
    WITH raw AS (
      SELECT e.id AS exporter, i.id AS importer, e.reporter AS e_rep, i.reporter AS i_rep,
             pow(e.mass, 0.9) * e.propensity * pow(i.mass, 0.8) * i.imp_propensity
               * CASE WHEN e.region = i.region THEN 2.5 ELSE 1 END
               * CASE WHEN e.eu AND i.eu THEN 2 ELSE 1 END AS gravity
      FROM temp.c e JOIN temp.c i ON e.id <> i.id
      WHERE e.reporter OR i.reporter
    )
    SELECT *, gravity / max(gravity) OVER () AS g FROM raw`);
  // Pair × chapter: the pair's gravity g times the exporter's and importer's
  // specialisation s. A flow's value grows with v = g·s, its chance to exist with
  // a = √g·s^0.6 (and the product's w^0.45), so what a country specialises in also
  // shows in which flows exist at small scales. Both are computed once here, not per
  // pair–product.
  await conn.run(`
    CREATE TEMP TABLE pc AS
    SELECT p.exporter, p.importer, p.e_rep, p.i_rep, x.chapter,
           p.g * x.x * m.m AS v, sqrt(p.g) * pow(x.x * m.m, 0.6) AS a
    FROM temp.pairs p JOIN temp.spec x ON x.id = p.exporter
      JOIN temp.spec m ON m.id = p.importer AND m.chapter = x.chapter`);
  await conn.run(`
    CREATE TEMP TABLE pw AS
    SELECT *, pow(w, 0.45) AS w45 FROM (SELECT *, weight / max(weight) OVER () AS w FROM temp.p)`);
}

/**
 * The macro `presence(a, w45)`, the chance that a pair trades a product: λ is found so
 * that the expected number of annual rows, Σ p·(0.5 + 0.5p)·years, meets the target.
 * The sum runs over log-binned pair–chapter and product sizes, matched by chapter:
 * exact enough, and fast at any scale.
 */
async function createPresenceMacro(conn: DuckDBConnection, rows: { target: number; years: number }): Promise<void> {
  await conn.run(
    'CREATE TEMP TABLE gbin AS SELECT chapter, round(ln(a) * 50) / 50 AS lg, count(*) AS n FROM temp.pc GROUP BY ALL',
  );
  await conn.run(
    'CREATE TEMP TABLE wbin AS SELECT chapter, round(ln(w45) * 50) / 50 AS lw, count(*) AS n FROM temp.pw GROUP BY ALL',
  );
  await conn.run(`
    CREATE TEMP TABLE lbin AS
    SELECT round((g.lg + w.lw) * 50) / 50 AS l, sum(g.n * w.n)::DOUBLE AS n
    FROM temp.gbin g JOIN temp.wbin w USING (chapter) GROUP BY 1`);
  const expectedRows = async (lambda: number) => {
    const r = await conn.runAndReadAll(`
      SELECT sum(n * pr * (0.5 + 0.5 * pr))::DOUBLE AS n FROM (
        SELECT n, 1 - exp(-${lambda} * exp(l)) AS pr FROM temp.lbin)`);
    return readNumber(r, 'n') * rows.years;
  };
  let lo = 1e-6;
  let hi = 1e6;
  for (let k = 0; k < 60 && hi / lo > 1.001; k++) {
    const mid = Math.sqrt(lo * hi);
    if ((await expectedRows(mid)) < rows.target) lo = mid;
    else hi = mid;
  }
  const lambda = hi;
  await conn.run(`CREATE TEMP MACRO presence(a, w45) AS 1 - exp(-${lambda} * a * w45)`);
}

/**
 * The pair–product flows that exist (`triples`) with their sizes, raked to the
 * exporters' chapter shares; the sum of their sizes.
 */
async function drawPairProductFlows(conn: DuckDBConnection): Promise<number> {
  // Sizes are log-normal around v·w with mean 1: wide (σ 1.3) for occasional flows,
  // narrower (σ 0.5) for the established ones, so the largest flows, and with them
  // who leads a market, follow the model rather than one draw.
  await conn.run(`
    CREATE TEMP TABLE triples AS
    SELECT exporter, importer, hs6, chapter, e_rep, i_rep, pr,
           unit_value * exp(0.3 * gauss(exporter, importer, hs6, 11)) AS unit_value,
           v * w * exp(sigma * gauss(exporter, importer, hs6, 13) - sigma * sigma / 2) AS size,
           u01(exporter, hs6, 0, 17) < CASE WHEN chapter IN (84, 85, 88, 89, 97) THEN 0.25 ELSE 0.04 END AS no_qty_exp,
           u01(importer, hs6, 0, 19) < CASE WHEN chapter IN (84, 85, 88, 89, 97) THEN 0.25 ELSE 0.04 END AS no_qty_imp
    FROM (
      SELECT *, 1.3 - 0.8 * pr AS sigma FROM (
        SELECT pc.exporter, pc.importer, pw.hs6, pc.e_rep, pc.i_rep, pw.unit_value, pc.v, pw.w, pw.chapter,
               presence(pc.a, pw.w45) AS pr
        FROM temp.pc JOIN temp.pw USING (chapter)
      )
    ) WHERE u01(exporter, importer, hs6, 1) < pr`);
  // The chance to exist and the sizes of codes within a chapter bend an exporter's
  // chapter totals away from its shares (small flows are rarer, large codes dominate).
  // Scaling its flows per chapter by share over expected value restores the shares
  // in expectation; the expected value, not the drawn one, keeps small samples from
  // blowing single flows up.
  await conn.run(`
    CREATE TEMP TABLE rake AS
    WITH expected AS (
      SELECT exporter, chapter, sum(v * w * pr * (0.5 + 0.5 * pr)) AS e FROM (
        SELECT pc.exporter, pc.chapter, pc.v, pw.w, presence(pc.a, pw.w45) AS pr
        FROM temp.pc JOIN temp.pw USING (chapter)
      ) GROUP BY ALL
    )
    SELECT e.exporter, e.chapter,
           x.share / sum(x.share) OVER (PARTITION BY e.exporter) * sum(e.e) OVER (PARTITION BY e.exporter) / e.e AS f
    FROM expected e JOIN temp.spec x ON x.id = e.exporter AND x.chapter = e.chapter`);
  await conn.run(`
    UPDATE temp.triples t SET size = t.size * r.f
    FROM temp.rake r WHERE r.exporter = t.exporter AND r.chapter = t.chapter`);
  const sum = await conn.runAndReadAll('SELECT sum(size)::DOUBLE AS s FROM temp.triples');
  return readNumber(sum, 's');
}

/**
 * The monthly flows: each pair–product flow's years (at the world trade level of the
 * year), its months with seasonality (shifted a little by chapter), and each month's
 * declarations by the exporter (FOB) and the importer (CIF).
 */
async function writeMonthly(
  conn: DuckDBConnection,
  at: { seed: number; valueScale: number; lastYearOfLevels: number; lastMonth: number },
): Promise<void> {
  const { seed, valueScale, lastMonth } = at;
  const yearRows = Array.from(
    { length: at.lastYearOfLevels - FIRST_YEAR + 1 },
    (_, k) => `(${FIRST_YEAR + k}, ${tradeIndex(FIRST_YEAR + k)})`,
  ).join(', ');
  await conn.run(`
    INSERT INTO monthly
    WITH years(year, level) AS (VALUES ${yearRows}),
    flows AS (
      SELECT t.*, y.year,
             ${valueScale} * t.size * y.level * exp(0.15 * gauss(t.exporter, t.importer, t.hs6, y.year))
               * CASE WHEN y.year = 2020 THEN 0.9 + 0.1 * u01(t.exporter, t.importer, t.hs6, 23) ELSE 1 END
               AS value_year
      FROM temp.triples t, years y
      WHERE u01(t.exporter, t.importer, t.hs6, y.year) < 0.5 + 0.5 * t.pr
    ),
    shaped AS (
      -- every month from 200 million a year: about 3.6 monthly rows per annual one at the default scale
      SELECT *, least(1.0, 0.03 + sqrt(value_year / 2.0e8)) AS q,
             (hash(hash(${seed}, exporter, importer, hs6, year)) % 12)::INTEGER AS anchor
      FROM flows
    ),
    months AS (
      SELECT s.*, m.m,
             s.value_year / (12 * s.q)
               * (1 + 0.08 * sin(2 * pi() * (m.m + hs6 % 3) / 12) - CASE WHEN m.m IN (0, 7) THEN 0.06 ELSE 0 END)
               * exp(0.25 * gauss(exporter, importer, hs6, year * 100 + m.m)) AS fob,
             u01(exporter, importer, hs6, year * 100 + m.m + 50) AS r
      FROM shaped s, range(12) m(m)
      WHERE (m.m = s.anchor OR u01(s.exporter, s.importer, s.hs6, s.year * 100 + m.m) < s.q)
        AND (s.year - 2000) * 12 + m.m <= ${lastMonth}
    )
    SELECT exporter, importer, hs6, ((year - 2000) * 12 + m)::SMALLINT AS month,
           CASE WHEN declared_exp THEN round(fob) END AS value_exp,
           CASE WHEN declared_exp AND NOT no_qty_exp THEN round(fob / unit_value) END AS qty_exp,
           CASE WHEN declared_imp THEN round(fob * (1.025
             + 0.05 * u01(exporter, importer, hs6, year * 100 + m + 70)
             + 0.01 * gauss(exporter, importer, hs6, year * 100 + m + 90))) END AS value_imp,
           CASE WHEN declared_imp AND NOT no_qty_imp
             THEN round(fob / unit_value * exp(0.03 * gauss(exporter, importer, hs6, year * 100 + m + 110))) END
             AS qty_imp
    FROM (
      SELECT *,
             e_rep AND (NOT i_rep OR r < 0.85) AS declared_exp,
             i_rep AND (NOT e_rep OR r < 0.70 OR r >= 0.85) AS declared_imp
      FROM months
    ) WHERE round(fob) >= 1`);
}

/**
 * Annual = reconciled monthly sums: the importer's declaration where there is one.
 * A year's quantity is known only when every month of it has one.
 */
async function writeAnnual(conn: DuckDBConnection, lastYear: number): Promise<void> {
  await conn.run(`
    INSERT INTO annual
    SELECT exporter, importer, hs6, (2000 + month // 12)::SMALLINT AS year,
           sum(coalesce(value_imp, value_exp)) AS value,
           CASE WHEN count(CASE WHEN value_imp IS NOT NULL THEN qty_imp ELSE qty_exp END) = count(*)
                THEN sum(CASE WHEN value_imp IS NOT NULL THEN qty_imp ELSE qty_exp END) END AS qty
    FROM monthly
    WHERE month < ${monthIndex(lastYear + 1, 1)}
    GROUP BY exporter, importer, hs6, month // 12`);
}
