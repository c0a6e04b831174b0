import type { DuckDBConnection } from '@duckdb/node-api';
import type { TradeCountryRef } from '../reference/countries.js';

/**
 * The trade tables of a snapshot file (`trade.duckdb`).
 *
 * Writers fill four base tables — countries, products, monthly declarations and
 * annual observations — and the reporters' sources, then call `deriveTradeTables`,
 * which builds what the queries read: copies of the facts sorted for each leading
 * filter (exporter, importer, product, period) so that DuckDB's zone maps skip
 * everything but the matching row groups, pre-aggregated tables for the grouped
 * operations, and coverage.
 *
 * Countries are SMALLINT ids in ISO2 order (so ties broken by id are broken by
 * ISO2), products INTEGER HS6 codes (a chapter or heading is a code range), years
 * SMALLINT, months SMALLINT counted from January 2000.
 */
export const TRADE_DDL = `
CREATE TABLE countries (
  id SMALLINT PRIMARY KEY,
  iso2 VARCHAR NOT NULL UNIQUE,
  iso3 VARCHAR,
  name VARCHAR NOT NULL,
  region VARCHAR,
  is_reporter BOOLEAN NOT NULL
);
CREATE TABLE products (
  hs6 INTEGER PRIMARY KEY,
  hs_version SMALLINT NOT NULL,
  name VARCHAR NOT NULL,
  chapter_name VARCHAR,
  heading_name VARCHAR
);
CREATE TABLE monthly (
  exporter SMALLINT NOT NULL,
  importer SMALLINT NOT NULL,
  hs6 INTEGER NOT NULL,
  month SMALLINT NOT NULL,
  value_exp DOUBLE,
  qty_exp DOUBLE,
  value_imp DOUBLE,
  qty_imp DOUBLE,
  -- every monthly flow is declared by at least one side
  CHECK (value_exp IS NOT NULL OR value_imp IS NOT NULL)
);
CREATE TABLE annual (
  exporter SMALLINT NOT NULL,
  importer SMALLINT NOT NULL,
  hs6 INTEGER NOT NULL,
  year SMALLINT NOT NULL,
  value DOUBLE NOT NULL,
  qty DOUBLE
);
-- Where each reporter's figures come from (several sources when several loaded it);
-- the fields are those of economic series.
CREATE TABLE sources (
  country SMALLINT NOT NULL,
  source_name VARCHAR NOT NULL,
  source_url VARCHAR NOT NULL,
  license_id VARCHAR NOT NULL,
  attribution_text VARCHAR NOT NULL,
  PRIMARY KEY (country, source_name)
);
`;

const FACT_COLUMNS = 'exporter, importer, hs6, year, value, qty';
const MONTHLY_COLUMNS = 'exporter, importer, hs6, month, value_exp, qty_exp, value_imp, qty_imp';

/** Writes the countries table: ids 1… in the list's (ISO2) order, with who reports. */
export async function writeTradeCountries(
  conn: DuckDBConnection,
  countries: TradeCountryRef[],
  isReporter: (iso2: string, id: number) => boolean,
): Promise<void> {
  const app = await conn.createAppender('countries');
  countries.forEach((c, k) => {
    app.appendSmallInt(k + 1);
    app.appendVarchar(c.iso2);
    app.appendVarchar(c.iso3);
    app.appendVarchar(c.name);
    app.appendVarchar(c.region);
    app.appendBoolean(isReporter(c.iso2, k + 1));
    app.endRow();
  });
  app.closeSync();
}

/** Writes product rows (HS6 code as an integer) into the products table. */
export async function writeProducts(
  conn: DuckDBConnection,
  products: Iterable<{
    hs6: number;
    hs_version: number;
    name: string;
    chapter_name: string | null;
    heading_name: string | null;
  }>,
): Promise<void> {
  const app = await conn.createAppender('products');
  for (const p of products) {
    app.appendInteger(p.hs6);
    app.appendSmallInt(p.hs_version);
    app.appendVarchar(p.name);
    if (p.chapter_name) app.appendVarchar(p.chapter_name);
    else app.appendNull();
    if (p.heading_name) app.appendVarchar(p.heading_name);
    else app.appendNull();
    app.endRow();
  }
  app.closeSync();
}

/**
 * Sorted copies of the annual facts, each year in its own run of rows: within a
 * year, the leading key is what zone maps prune on. For one value of the leading
 * key, the physical order is the listing's (year, value desc, …). Built a year at
 * a time, so each sort holds one year (some 11 M rows of a BACI release), not all.
 */
export const ANNUAL_COPIES = {
  // The copy led by the period: the one every other annual table is built from.
  year: 'value DESC, exporter, importer, hs6',
  exporter: 'exporter, value DESC, importer, hs6',
  importer: 'importer, value DESC, exporter, hs6',
  // Led by the chapter: any codes of one chapter come out in (value desc) order within a year.
  hs6: 'hs6 // 10000, value DESC, exporter, importer, hs6',
} as const;

/** Monthly copies: within a month, the leading key, then the reconciled listing's order. */
const RECONCILED = 'coalesce(value_imp, value_exp) DESC';
export const MONTHLY_COPIES = {
  month: `${RECONCILED}, exporter, importer, hs6`,
  exporter: `exporter, ${RECONCILED}, importer, hs6`,
  importer: `importer, ${RECONCILED}, exporter, hs6`,
  hs6: `hs6 // 10000, ${RECONCILED}, exporter, importer, hs6`,
} as const;

/** Pre-aggregated annual tables, by the dimensions they keep. */
export const ANNUAL_AGGREGATES = {
  pair: ['exporter', 'importer'],
  exporter_hs6: ['exporter', 'hs6'],
  importer_hs6: ['importer', 'hs6'],
  // The same sums led by the product, for "who trades this product" rankings.
  hs6_exporter: ['hs6', 'exporter'],
  hs6_importer: ['hs6', 'importer'],
  hs6: ['hs6'],
} as const;

/** Pre-aggregated monthly tables (sums per declaration method), by the dimensions they keep. */
export const MONTHLY_AGGREGATES = {
  month: [],
  exporter: ['exporter'],
  importer: ['importer'],
  pair: ['exporter', 'importer'],
  exporter_hs6: ['hs6', 'exporter'],
  importer_hs6: ['hs6', 'importer'],
  hs6: ['hs6'],
} as const;

/** A year's rows of `table` (annual: its `year`; monthly: the twelve months of that year). */
const yearOf = (table: 'annual' | 'monthly', year: number) =>
  table === 'annual' ? `year = ${year}` : `month BETWEEN ${(year - 2000) * 12} AND ${(year - 2000) * 12 + 11}`;

/** The sums of one year of an annual aggregate, in its keys' order. */
function annualAggregateSql(dims: readonly string[], year: number): string {
  const keys = dims.join(', ');
  return `
      SELECT ${keys}, year,
             sum(value) AS value,
             sum(qty) AS qty,
             sum(value) FILTER (WHERE qty IS NOT NULL) AS value_q,
             count(*)::INTEGER AS n
      FROM annual_by_year WHERE ${yearOf('annual', year)} GROUP BY ${keys}, year ORDER BY ${keys}`;
}

/** The sums of one year of a monthly aggregate, month by month in its keys' order. */
function monthlyAggregateSql(dims: readonly string[], year: number): string {
  const keys = ['month', ...dims].join(', ');
  return `
      SELECT ${[...dims, 'month'].join(', ')},
             sum(value_exp) AS v_exporter, sum(qty_exp) AS q_exporter, count(value_exp)::INTEGER AS n_exporter,
             sum(value_imp) AS v_importer, sum(qty_imp) AS q_importer, count(value_imp)::INTEGER AS n_importer,
             sum(coalesce(value_imp, value_exp)) AS v_reconciled,
             sum(CASE WHEN value_imp IS NOT NULL THEN qty_imp ELSE qty_exp END) AS q_reconciled,
             count(coalesce(value_imp, value_exp))::INTEGER AS n_reconciled
      FROM monthly_by_month WHERE ${yearOf('monthly', year)} GROUP BY ${keys} ORDER BY ${keys}`;
}

/** An empty table with the columns a query would give (its rows come a year at a time). */
const emptyLike = (name: string, select: string) => `CREATE OR REPLACE TABLE ${name} AS ${select} LIMIT 0`;

/** A table built a year at a time from `select`'s rows of each year, inserted in the order it gives them. */
const yearByYear = (name: string, years: number[], select: (year: number) => string) => [
  emptyLike(name, select(years[0] ?? 0)),
  ...years.map((y) => `INSERT INTO ${name} ${select(y)}`),
];

// A reporter's coverage: the periods of the declarations it made itself.
const COVERAGE_SQL = `
    CREATE OR REPLACE TABLE coverage AS
    WITH years AS (
      SELECT country, min(year) AS yearly_first, max(year) AS yearly_last FROM (
        SELECT exporter AS country, year FROM agg_pair GROUP BY ALL
        UNION ALL SELECT importer, year FROM agg_pair GROUP BY ALL
      ) WHERE country IN (SELECT id FROM countries WHERE is_reporter) GROUP BY country
    ), months AS (
      SELECT country, min(month) AS monthly_first, max(month) AS monthly_last FROM (
        SELECT exporter AS country, min(month) AS month FROM magg_exporter WHERE n_exporter > 0 GROUP BY exporter
        UNION ALL SELECT exporter, max(month) FROM magg_exporter WHERE n_exporter > 0 GROUP BY exporter
        UNION ALL SELECT importer, min(month) FROM magg_importer WHERE n_importer > 0 GROUP BY importer
        UNION ALL SELECT importer, max(month) FROM magg_importer WHERE n_importer > 0 GROUP BY importer
      ) GROUP BY country
    )
    SELECT c.id AS country, y.yearly_first, y.yearly_last, m.monthly_first, m.monthly_last
    FROM countries c LEFT JOIN years y ON y.country = c.id LEFT JOIN months m ON m.country = c.id
    WHERE c.is_reporter ORDER BY c.iso2`;

/** The years the base tables hold: annual years, and the years of monthly rows. */
async function yearsOf(conn: DuckDBConnection, table: 'annual' | 'monthly'): Promise<number[]> {
  const sql =
    table === 'annual'
      ? 'SELECT DISTINCT year AS y FROM annual ORDER BY y'
      : 'SELECT DISTINCT 2000 + floor(month / 12)::INTEGER AS y FROM monthly ORDER BY y';
  return (await conn.runAndReadAll(sql)).getRows().map(([y]) => Number(y));
}

/**
 * The statements that build the derived tables, in order: the period-led copy of
 * each base table (after which the base table is dropped: the copy holds every
 * row), the other copies and the aggregates from it, a year at a time; coverage.
 */
function derivedTableStatements(years: { annual: number[]; monthly: number[] }): string[] {
  const columns = { annual: FACT_COLUMNS, monthly: MONTHLY_COLUMNS };
  const period = { annual: 'year', monthly: 'month' };
  const copy = (base: 'annual' | 'monthly', from: string, [name, order]: [string, string]) =>
    yearByYear(
      `${base}_by_${name}`,
      years[base],
      (y) => `SELECT ${columns[base]} FROM ${from} WHERE ${yearOf(base, y)} ORDER BY ${period[base]}, ${order}`,
    );
  return [
    ...copy('annual', 'annual', ['year', ANNUAL_COPIES.year]),
    'DROP TABLE annual',
    ...copy('monthly', 'monthly', ['month', MONTHLY_COPIES.month]),
    'DROP TABLE monthly',
    // The base tables' blocks are free from here on: the other tables are written into them.
    'CHECKPOINT',
    ...Object.entries(ANNUAL_COPIES)
      .filter(([name]) => name !== 'year')
      .flatMap((entry) => copy('annual', 'annual_by_year', entry)),
    ...Object.entries(MONTHLY_COPIES)
      .filter(([name]) => name !== 'month')
      .flatMap((entry) => copy('monthly', 'monthly_by_month', entry)),
    ...Object.entries(ANNUAL_AGGREGATES).flatMap(([name, dims]) =>
      yearByYear(`agg_${name}`, years.annual, (y) => annualAggregateSql(dims, y)),
    ),
    ...Object.entries(MONTHLY_AGGREGATES).flatMap(([name, dims]) =>
      yearByYear(`magg_${name}`, years.monthly, (y) => monthlyAggregateSql(dims, y)),
    ),
    COVERAGE_SQL,
  ];
}

/**
 * Builds every derived table from the base tables (`annual`, `monthly`), which it
 * drops: the copies led by the period hold the same rows. `onStep` hears of each
 * statement done.
 */
export async function deriveTradeTables(
  conn: DuckDBConnection,
  onStep?: (done: number, total: number) => void,
): Promise<void> {
  const years = { annual: await yearsOf(conn, 'annual'), monthly: await yearsOf(conn, 'monthly') };
  const statements = derivedTableStatements(years);
  for (const [i, sql] of statements.entries()) {
    await conn.run(sql);
    onStep?.(i + 1, statements.length);
  }
}
