/**
 * What `npm run bench:load` measures, grouped by the service settings each group
 * needs (the answer cache on or off, embedded or distributed access control).
 */
import { type Universe, buildMixes, discoverUniverse, pick, qs } from './mixes.js';

export interface LoadScenario {
  name: string;
  paths: string[];
  connections?: number;
  headers?: Record<string, string>;
  warmupS?: number;
  /** Seconds of measured load; the run's default when unset. */
  durationS?: number;
  /** A second load run at the same time from its own process (the overload scenario). */
  concurrent?: LoadScenario;
}

export interface ScenarioGroup {
  label: string;
  env: Record<string, string>;
  distributed?: boolean;
  scenarios(url: string, key: string): Promise<LoadScenario[]>;
}

const LATEST = '/v1/latest?country=USA&indicator=CPI_YOY';
const LISTING = '/v1/trade?reporter=DE&from=2023&to=2023&limit=1000';

function fetcher(url: string, key: string) {
  return async (p: string): Promise<any> => {
    const res = await fetch(url + p, { headers: { authorization: `Bearer ${key}` } });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return (await res.json()).data;
  };
}

/** `n` distinct history queries over the series that exist (transform × date range). */
async function historyPaths(get: (p: string) => Promise<any>, n: number): Promise<string[]> {
  const latest = (await get('/v1/latest')) as Array<{ country_id: string; kpi_id: string }>;
  const paths = new Set<string>();
  const transforms = ['none', 'yoy', 'mom', 'log_diff', '3mma'];
  while (paths.size < n) {
    const s = pick(latest);
    const from = pick([undefined, '2000', '2010', '2015', '2018', '2020', '2021-06-01']);
    const to = pick([undefined, '2022', '2023', '2024-12-31']);
    paths.add(
      `/v1/history${qs({ country: s.country_id, indicator: s.kpi_id, transform: pick(transforms), from, to })}`,
    );
  }
  return [...paths];
}

/** The analyst parameters (§3) a history scenario adds to plain queries. */
type AnalystVariant = 'plain' | 'as_of' | 'frequency' | 'unit';

/**
 * `n` distinct history queries of monthly and quarterly series (a date range each),
 * plain or with one analyst parameter: a day to see the data as of, an annual
 * aggregation, or one of FRED's units. The four draw the same series and ranges.
 */
async function analystPaths(get: (p: string) => Promise<any>, n: number, variant: AnalystVariant) {
  const latest = (await get('/v1/latest')) as Array<{ country_id: string; kpi_id: string; frequency: string }>;
  const series = latest.filter((s) => s.frequency === 'monthly' || s.frequency === 'quarterly');
  const paths: string[] = [];
  for (let i = 0; i < n; i++) {
    const s = series[(i * 7919) % series.length]!;
    const from = ['2000', '2010', '2015', '2018'][i % 4];
    const extra = {
      plain: {},
      as_of: { as_of: `20${10 + (i % 15)}-0${1 + (i % 9)}-15` },
      frequency: { frequency: 'annual', aggregation: ['avg', 'sum', 'eop'][i % 3] },
      unit: { transform: ['chg', 'ch1', 'pch', 'pc1', 'pca', 'cch', 'cca', 'log'][i % 8] },
    }[variant];
    paths.push(`/v1/history${qs({ country: s.country_id, indicator: s.kpi_id, from, ...extra })}`);
  }
  return [...new Set(paths)];
}

/** `n` distinct queries of the grouped trade operations (summaries, rankings, markets, grouped months). */
function groupedTradePaths(u: Universe, n: number): string[] {
  const mixes = buildMixes(u);
  const grouped = [
    '/v1/trade/summary',
    '/v1/trade/countries/{cid}/partners',
    '/v1/trade/countries/{cid}/products',
    '/v1/trade/products/{pid}/markets',
    '/v1/trade/products/{pid}/history',
  ].map((op) => mixes[op]!);
  const monthly = mixes['/v1/trade/monthly']!;
  const paths = new Set<string>();
  for (let i = 0; paths.size < n && i < n * 20; i++) {
    paths.add(i % 6 === 5 ? monthly() : grouped[i % 6]!());
  }
  return [...paths];
}

const repeated = (name: string, path: string, headers?: Record<string, string>): LoadScenario => ({
  name,
  paths: [path],
  headers,
});

export async function scenarioGroups(_dataDir: string): Promise<ScenarioGroup[]> {
  return [
    {
      label: 'embedded, answer cache on',
      env: {},
      scenarios: async (url, key) => [
        repeated('repeated catalogue /v1/countries', '/v1/countries'),
        repeated('repeated latest', LATEST),
        repeated('repeated summary', '/v1/trade/summary?reporter=DE&partner=CN&from=2022&to=2023'),
        repeated('repeated partners ranking', '/v1/trade/countries/DE/partners?flow=export&from=2023&to=2023'),
        repeated('repeated 1000-row listing', LISTING),
        repeated('repeated 1000-row listing, br', LISTING, { 'accept-encoding': 'br' }),
        repeated('repeated 1000-row listing, gzip', LISTING, { 'accept-encoding': 'gzip' }),
        await overload(url, key),
      ],
    },
    {
      label: 'embedded, answer cache off',
      env: { RESPONSE_CACHE_MB: '0' },
      scenarios: async (url, key) => {
        const get = fetcher(url, key);
        return [
          { name: 'unique history (2000 queries)', paths: await historyPaths(get, 2000) },
          ...(await Promise.all(
            (['plain', 'as_of', 'frequency', 'unit'] as const).map(async (v) => ({
              name: `unique history, ${v} (2000 queries)`,
              paths: await analystPaths(get, 2000, v),
            })),
          )),
          { name: 'unique grouped trade (2000 queries)', paths: groupedTradePaths(await discoverUniverse(get), 2000) },
          {
            name: 'unique 1000-row listings (2000 queries)',
            paths: Array.from(
              { length: 2000 },
              buildMixes(await discoverUniverse(get))['/v1/trade?reporter&limit=1000']!,
            ),
          },
        ];
      },
    },
    {
      label: 'distributed (Redis + PostgreSQL)',
      env: {},
      distributed: true,
      scenarios: async () => [repeated('repeated latest, distributed metering', LATEST)],
    },
  ];
}

/** 200 connections of unique heavy trade queries, while 4 connections of cheap cached ones are timed. */
async function overload(url: string, key: string): Promise<LoadScenario> {
  const u = await discoverUniverse(fetcher(url, key));
  const mixes = buildMixes(u);
  const heavy = Array.from({ length: 20_000 }, (_, i) =>
    i % 2 ? mixes['/v1/trade/monthly']!() : mixes['/v1/trade/products/{pid}/markets']!(),
  );
  return {
    name: 'overload: 200 heavy unique trade queries',
    paths: heavy,
    connections: 200,
    warmupS: 0,
    durationS: 10,
    concurrent: {
      name: 'overload: cheap cached requests meanwhile',
      paths: [LATEST, '/v1/countries'],
      connections: 4,
      warmupS: 1,
      durationS: 8,
    },
  };
}
