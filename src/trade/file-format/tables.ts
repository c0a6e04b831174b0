import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * Products of a trade file and of a nomenclature file: one row per code and HS
 * edition, as a code may exist in several editions (with other meanings).
 */
export const PRODUCTS_DDL = `CREATE TABLE products (
  hs6 INTEGER NOT NULL,
  hs_version SMALLINT NOT NULL,
  name VARCHAR NOT NULL,
  chapter_name VARCHAR,
  heading_name VARCHAR,
  PRIMARY KEY (hs_version, hs6)
)`;

/**
 * The trade tables of a snapshot file (`trade.duckdb`).
 *
 * Writers fill four base tables — countries, products, monthly declarations and
 * annual observations — and the reporters' sources, then call `deriveTradeTables`,
 * which builds what the queries read: copies of the facts sorted for each leading
 * filter (exporter, importer, product, period, and for annual facts the pair of
 * exporter and importer) so that DuckDB's zone maps skip
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
${PRODUCTS_DDL};
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

/** A country or area of the countries table, before it is numbered. */
export interface CountryRow {
  iso2: string;
  iso3: string | null;
  name: string;
  region: string | null;
}

/** Writes the countries table: ids 1… in the list's (ISO2) order, with who reports (default: nobody yet). */
export async function writeTradeCountries(
  conn: DuckDBConnection,
  countries: readonly CountryRow[],
  isReporter: (iso2: string, id: number) => boolean = () => false,
): Promise<void> {
  const app = await conn.createAppender('countries');
  countries.forEach((c, k) => {
    app.appendSmallInt(k + 1);
    app.appendVarchar(c.iso2);
    if (c.iso3) app.appendVarchar(c.iso3);
    else app.appendNull();
    app.appendVarchar(c.name);
    if (c.region) app.appendVarchar(c.region);
    else app.appendNull();
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
 * Sorted copies of the annual facts: the leading key is what zone maps prune on.
 * For one value of the leading key the physical order is the listing's (year,
 * value desc, …); a country's rows come a product chapter at a time, so a country
 * and a product read one stretch of them, and a country's listing is sorted.
 */
export const ANNUAL_COPIES = {
  // The copy led by the period: the first built, and the one the others are built from.
  year: 'year, value DESC, exporter, importer, hs6',
  // Led by a country, then the product: a country's rows of one code are one run in
  // listing order, and those of a heading or chapter one stretch.
  exporter: 'exporter, hs6, year, value DESC, importer',
  importer: 'importer, hs6, year, value DESC, exporter',
  // Led by the product: one code's rows are one run in listing order.
  hs6: 'hs6, year, value DESC, exporter, importer',
  // Led by the pair: the flows between two countries are one run, in listing order.
  pair: 'exporter, importer, year, value DESC, hs6',
  // Led by a country, then the year: a country's flows are one run in listing order.
  exporter_year: 'exporter, year, value DESC, importer, hs6',
  importer_year: 'importer, year, value DESC, exporter, hs6',
} as const;

/** Monthly copies: within the leading key, in the order the reconciled listing needs. */
const RECONCILED = 'coalesce(value_imp, value_exp) DESC';
export const MONTHLY_COPIES = {
  month: `month, ${RECONCILED}, exporter, importer, hs6`,
  exporter: `exporter, month, ${RECONCILED}, importer, hs6`,
  importer: `importer, month, ${RECONCILED}, exporter, hs6`,
  hs6: `hs6 // 10000, month, ${RECONCILED}, exporter, importer, hs6`,
} as const;

/** Pre-aggregated annual tables, by the dimensions they keep (the first leads their order). */
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

type Base = 'annual' | 'monthly';
type Lead = 'exporter' | 'importer' | 'hs6' | 'period' | 'pair';

const PERIOD: Record<Base, string> = { annual: 'year', monthly: 'month' };
const COLUMNS: Record<Base, string> = { annual: FACT_COLUMNS, monthly: MONTHLY_COLUMNS };

/** The expression a table led by `lead` is cut into chunks on (products: by chapter; pairs: by exporter). */
const chunkKey = (base: Base, lead: Lead) =>
  lead === 'period' ? PERIOD[base] : lead === 'hs6' ? 'hs6 // 10000' : lead === 'pair' ? 'exporter' : lead;

/** The table of the sorted copy `name` (an `ANNUAL_COPIES` or `MONTHLY_COPIES` key) of a base table. */
const copyTable = (base: Base, name: string) => `${base}_by_${name}`;

/** The table of the pre-aggregated `name` (an `ANNUAL_AGGREGATES` or `MONTHLY_AGGREGATES` key) of a base table. */
export const aggregateTable = (base: Base, name: string) => `${base === 'annual' ? 'agg' : 'magg'}_${name}`;

/** The sorted copy led by `lead`: the one an aggregate led by it reads, pruning on each chunk. */
const copyLedBy = (base: Base, lead: Lead) => copyTable(base, lead === 'period' ? PERIOD[base] : lead);

/** The sorted copies and pre-aggregated tables `deriveTradeTables` writes: the tables the queries read. */
export const QUERIED_TABLES: readonly string[] = [
  ...Object.keys(ANNUAL_COPIES).map((name) => copyTable('annual', name)),
  ...Object.keys(MONTHLY_COPIES).map((name) => copyTable('monthly', name)),
  ...Object.keys(ANNUAL_AGGREGATES).map((name) => aggregateTable('annual', name)),
  ...Object.keys(MONTHLY_AGGREGATES).map((name) => aggregateTable('monthly', name)),
];

/**
 * Rows of a table built in one statement at most: a sort of this many rows fits a
 * build's memory (some 40 bytes a row, under the 1 GB a large ingest is given).
 */
const CHUNK_ROWS = 8_000_000;

/** Inclusive ranges of `key` over `table`, each of about `CHUNK_ROWS` rows (a value is never split). */
async function chunksOf(conn: DuckDBConnection, table: string, key: string): Promise<Array<[number, number]>> {
  const counts = (
    await conn.runAndReadAll(`SELECT ${key} AS k, count(*) AS n FROM ${table} GROUP BY k ORDER BY k`)
  ).getRows();
  const chunks: Array<[number, number]> = [];
  let rows = 0;
  for (const [k, n] of counts) {
    const value = Number(k);
    const last = chunks[chunks.length - 1];
    if (last && rows + Number(n) <= CHUNK_ROWS) last[1] = value;
    else {
      chunks.push([value, value]);
      rows = 0;
    }
    rows += Number(n);
  }
  return chunks;
}

/**
 * Writes `name` from `source` a chunk of `key` at a time, each chunk's rows in the
 * order `select` gives them: the table ends up in that order whole, while no
 * statement sorts or groups more than a chunk.
 */
async function writeInChunks(
  conn: DuckDBConnection,
  name: string,
  from: { source: string; key: string; select: (where: string) => string },
): Promise<void> {
  await conn.run(`CREATE OR REPLACE TABLE ${name} AS ${from.select('false')}`);
  for (const [lo, hi] of await chunksOf(conn, from.source, from.key)) {
    await conn.run(`INSERT INTO ${name} ${from.select(`${from.key} BETWEEN ${lo} AND ${hi}`)}`);
  }
}

const copySql = (base: Base, source: string, order: string) => (where: string) =>
  `SELECT ${COLUMNS[base]} FROM ${source} WHERE ${where} ORDER BY ${order}`;

function annualAggregateSql(dims: readonly string[], source: string) {
  const keys = [...dims, 'year'].join(', ');
  return (where: string) => `
      SELECT ${keys},
             sum(value) AS value,
             sum(qty) AS qty,
             sum(value) FILTER (WHERE qty IS NOT NULL) AS value_q,
             count(*)::INTEGER AS n
      FROM ${source} WHERE ${where} GROUP BY ${keys} ORDER BY ${keys}`;
}

function monthlyAggregateSql(dims: readonly string[], source: string) {
  const keys = [...dims, 'month'].join(', ');
  return (where: string) => `
      SELECT ${keys},
             sum(value_exp) AS v_exporter, sum(qty_exp) AS q_exporter, count(value_exp)::INTEGER AS n_exporter,
             sum(value_imp) AS v_importer, sum(qty_imp) AS q_importer, count(value_imp)::INTEGER AS n_importer,
             sum(coalesce(value_imp, value_exp)) AS v_reconciled,
             sum(CASE WHEN value_imp IS NOT NULL THEN qty_imp ELSE qty_exp END) AS q_reconciled,
             count(coalesce(value_imp, value_exp))::INTEGER AS n_reconciled
      FROM ${source} WHERE ${where} GROUP BY ${keys} ORDER BY ${keys}`;
}

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

/** One derived table and how it is written. */
type Step = (conn: DuckDBConnection) => Promise<void>;

/** A copy's leading key: its name, or the country of a copy led by a country then the year (`exporter_year`). */
const leadOf = (name: string): Lead =>
  name === 'year' || name === 'month' ? 'period' : (name.replace(/_year$/, '') as Lead);

/**
 * The table a copy is built from: the base table for the period-led one; for the
 * pair-led one and those led by a country then the year, the country-led copy
 * (whose chunks they prune to); the period-led one for the others.
 */
function copySource(base: Base, name: string): string {
  const lead = leadOf(name);
  if (lead === 'period') return base;
  if (lead === 'pair') return copyLedBy(base, 'exporter');
  return name.endsWith('_year') ? copyLedBy(base, lead) : copyLedBy(base, 'period');
}

/**
 * The sorted copies of a base table, each from its `copySource`; the base table is
 * dropped once the period-led copy holds its rows.
 */
function copySteps(base: Base, copies: Record<string, string>): Step[] {
  return Object.entries(copies).map(([name, order]) => async (conn) => {
    const lead = leadOf(name);
    const source = copySource(base, name);
    const select = copySql(base, source, order);
    await writeInChunks(conn, copyTable(base, name), { source, key: chunkKey(base, lead), select });
    if (lead !== 'period') return;
    // The copy holds every row: the base table goes, and its blocks are free for the other tables.
    await conn.run(`DROP TABLE ${base}`);
    await conn.run('CHECKPOINT');
  });
}

function aggregateSteps(
  base: Base,
  aggregates: Record<string, readonly string[]>,
  sql: (dims: readonly string[], source: string) => (where: string) => string,
): Step[] {
  return Object.entries(aggregates).map(([name, dims]) => async (conn) => {
    const lead: Lead = (dims[0] as Lead | undefined) ?? 'period';
    const source = copyLedBy(base, lead);
    const select = sql(dims, source);
    await writeInChunks(conn, aggregateTable(base, name), { source, key: chunkKey(base, lead), select });
  });
}

/**
 * Builds every derived table from the base tables (`annual`, `monthly`), which it
 * drops: the copies led by the period hold the same rows. Every table is written a
 * chunk of its leading key at a time (`CHUNK_ROWS`), so no sort or grouping holds a
 * whole release. `onStep` hears of each table done.
 */
export async function deriveTradeTables(
  conn: DuckDBConnection,
  onStep?: (done: number, total: number) => void,
): Promise<void> {
  const steps: Step[] = [
    ...copySteps('annual', ANNUAL_COPIES),
    ...copySteps('monthly', MONTHLY_COPIES),
    ...aggregateSteps('annual', ANNUAL_AGGREGATES, annualAggregateSql),
    ...aggregateSteps('monthly', MONTHLY_AGGREGATES, monthlyAggregateSql),
    async (c) => {
      await c.run(COVERAGE_SQL);
    },
  ];
  for (const [i, step] of steps.entries()) {
    await step(conn);
    onStep?.(i + 1, steps.length);
  }
}

/**
 * The HS edition flows were reported in, and the source that loaded them. An
 * ingest loads one edition and replaces whole exporter-years of annual flows, so an
 * annual edition is one per (exporter, year); a monthly one is per declaring
 * country and month (`country` is the exporter for its own declarations, the
 * importer for its own). `source` (a `TRADE_SOURCES` key; null in files written
 * before it was kept) lets a release replace whole years of its own source.
 */
export const EDITIONS_DDL = `CREATE TABLE editions (
  granularity VARCHAR NOT NULL CHECK (granularity IN ('annual', 'monthly')),
  country SMALLINT NOT NULL,
  period SMALLINT NOT NULL,
  hs_version SMALLINT NOT NULL,
  source VARCHAR,
  PRIMARY KEY (granularity, country, period)
)`;

/** Creates the tables of a trade file that records the edition of its flows (an ingested file, an edition file). */
export async function createTradeFile(conn: DuckDBConnection): Promise<void> {
  await conn.run(TRADE_DDL);
  await conn.run(EDITIONS_DDL);
}

/**
 * The UN Statistics Division's tables between two HS editions, kept in the
 * nomenclature file: each code of the later edition (`from`) and the one code of
 * the earlier it converts to; and the correlated pairs with their relationship, seen
 * from `from` (`n:1`: several `from` codes correspond to one `to` code).
 */
export const CONCORDANCE_DDL = `
CREATE TABLE hs_conversions (
  from_version SMALLINT NOT NULL,
  from_hs6 INTEGER NOT NULL,
  to_version SMALLINT NOT NULL,
  to_hs6 INTEGER NOT NULL,
  PRIMARY KEY (to_version, from_version, from_hs6)
);
CREATE TABLE hs_correlations (
  from_version SMALLINT NOT NULL,
  from_hs6 INTEGER NOT NULL,
  to_version SMALLINT NOT NULL,
  to_hs6 INTEGER NOT NULL,
  relationship VARCHAR NOT NULL CHECK (relationship IN ('1:1', 'n:1', '1:n', 'n:n'))
);
`;
