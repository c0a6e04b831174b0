/**
 * Seeded, realistic request mixes of the trade operations (and of the economics
 * history), drawn from what the API itself lists: the benchmarks' query generator.
 */
import { Random } from '../src/sample/random.js';

const rng = new Random(Number(process.env.BENCH_SEED ?? 7));

export const pick = <T>(xs: readonly T[]): T => xs[rng.int(0, xs.length - 1)]!;
export const maybe = (p: number) => rng.float() < p;

/** A query string of the defined parameters. */
export const qs = (params: Record<string, string | number | undefined>) => {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`);
  return parts.length ? `?${parts.join('&')}` : '';
};

/** Partners drawn besides the reporters: large traders that report no data of their own. */
const extraPartners = ['RU', 'SA', 'AE', 'SG', 'VN', 'TH', 'MY', 'ID', 'NG', 'EG', 'AR', 'CL', 'IL', 'TW', 'HK', 'PH'];
/** Product search terms: words of descriptions and HS code prefixes. */
const words = [
  'oil',
  'crude',
  'cars',
  'wheat',
  'copper',
  'cotton',
  'machines',
  'medicaments',
  'gold',
  'fish',
  'fresh',
  'frozen',
  'steel',
  'parts',
  'vehicles electric',
  'coffee',
  '27',
  '8703',
  '01',
  '300490',
  '85',
];
/** Country search terms: name and code fragments. */
const countryWords = ['ger', 'united', 'de', 'fra', 'usa', 'korea', 'south', 'an', 'eu', 'chin', 'br', 'zaf', 'land'];

/** The countries and products the request mix draws from, as the API lists them. */
export interface Universe {
  reporters: string[];
  partners: string[];
  products: string[];
  /** The first and last year of annual data. */
  years: { first: number; last: number };
}

/** Next request path of one operation. */
export type Mix = () => string;

/** Reporters from the coverage, partners beyond them, and every HS6 code the product search returns. */
export async function discoverUniverse(get: (path: string) => Promise<any>): Promise<Universe> {
  const coverage: Array<{ country: string; yearly_first: number | null; yearly_last: number | null }> =
    await get('/v1/trade/coverage');
  const reporters = coverage.map((c) => c.country);
  const firsts = coverage.flatMap((c) => (c.yearly_first === null ? [] : [c.yearly_first]));
  const lasts = coverage.flatMap((c) => (c.yearly_last === null ? [] : [c.yearly_last]));
  span = { first: Math.min(...firsts), last: Math.max(...lasts) };
  const partners = [...reporters, ...extraPartners];
  const products: string[] = [];
  for (const d of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']) {
    for (const p of (await get(`/v1/trade/products?q=${d}&limit=500`)) as Array<{ hs6: string }>) products.push(p.hs6);
  }
  return { reporters, partners, products, years: span };
}

/** An HS6 code, or its heading (4 digits) or chapter (2 digits). */
const product = (u: Universe) => {
  const code = pick(u.products);
  const r = rng.float();
  return r < 0.4 ? code : r < 0.7 ? code.slice(0, 4) : code.slice(0, 2);
};
/** The years of annual data (set by `discoverUniverse`). */
let span = { first: 2015, last: 2025 };
const years = () => {
  if (maybe(0.5)) return {};
  const from = rng.int(span.first, span.last);
  return { from, to: rng.int(from, span.last) };
};
/** Partner, product and years of a country's imports or exports. */
const flowFilter = (u: Universe) => ({
  partner: maybe(0.5) ? pick(u.partners) : undefined,
  product: maybe(0.4) ? product(u) : undefined,
  ...years(),
});
const months = () => {
  if (maybe(0.3)) return {};
  const y = rng.int(2015, 2025);
  const m = rng.int(1, 12);
  return {
    from: `${y}-${String(m).padStart(2, '0')}`,
    to: `${y + (maybe(0.5) ? 1 : 0)}-${String(m).padStart(2, '0')}`,
  };
};
const flow = () => (maybe(0.35) ? undefined : pick(['export', 'import']));

function tradePath(u: Universe): string {
  const { reporters, partners } = u;
  const r = rng.float();
  const y = years();
  if (r < 0.15) return `/v1/trade${qs({ ...y, limit: pick([100, 1000]) })}`;
  if (r < 0.35) return `/v1/trade${qs({ reporter: pick(reporters), flow: flow(), ...y })}`;
  if (r < 0.6) return `/v1/trade${qs({ reporter: pick(reporters), partner: pick(partners), flow: flow(), ...y })}`;
  if (r < 0.8) {
    const reporter = pick(reporters);
    const partner = maybe(0.5) ? pick(partners) : undefined;
    return `/v1/trade${qs({ reporter, partner, product: product(u), flow: flow(), ...y })}`;
  }
  return `/v1/trade${qs({ product: product(u), ...y, limit: pick([100, 1000]) })}`;
}

/** A reporter's flows, a page of `limit`: the listing clients page through. */
/**
 * A listing of one reporter, `limit` to 5 % more rows: one year's reporters, flows and
 * spans alone give too few distinct listings to keep 32 connections off the answer cache.
 */
function listingPath(u: Universe, limit: number): string {
  const size = limit + rng.int(0, limit / 20 - 1);
  return `/v1/trade${qs({ reporter: pick(u.reporters), flow: flow(), ...years(), limit: size })}`;
}

function summaryPath(u: Universe): string {
  const { reporters, partners } = u;
  const r = rng.float();
  const y = years();
  if (r < 0.1) return `/v1/trade/summary${qs(y)}`;
  if (r < 0.4) return `/v1/trade/summary${qs({ reporter: pick(reporters), flow: flow(), ...y })}`;
  if (r < 0.6)
    return `/v1/trade/summary${qs({ reporter: pick(reporters), partner: pick(partners), flow: flow(), ...y })}`;
  if (r < 0.85) return `/v1/trade/summary${qs({ reporter: pick(reporters), product: product(u), flow: flow(), ...y })}`;
  return `/v1/trade/summary${qs({ product: product(u), ...y })}`;
}

function monthlyPath(u: Universe): string {
  const { reporters, partners } = u;
  const r = rng.float();
  const m = months();
  const method = maybe(0.6) ? undefined : pick(['exporter', 'importer', 'reconciled']);
  if (r < 0.1) return `/v1/trade/monthly${qs({ ...m, method, limit: 100 })}`;
  if (r < 0.35) {
    const exporter = pick(reporters);
    const importer = maybe(0.6) ? pick(partners) : undefined;
    return `/v1/trade/monthly${qs({ exporter, importer, ...m, method })}`;
  }
  if (r < 0.55) return `/v1/trade/monthly${qs({ importer: pick(reporters), product: product(u), ...m, method })}`;
  if (r < 0.7) return `/v1/trade/monthly${qs({ product: product(u), ...m, method, limit: 100 })}`;
  return `/v1/trade/monthly${qs({
    exporter: maybe(0.6) ? pick(reporters) : undefined,
    product: maybe(0.3) ? product(u) : undefined,
    group_by: pick(['period', 'exporter', 'importer', 'hs6']),
    ...m,
    method,
  })}`;
}

function productMixes(u: Universe): Record<string, Mix> {
  const { reporters, partners } = u;
  return {
    '/v1/trade/products': () => `/v1/trade/products${qs({ q: pick(words), limit: maybe(0.5) ? undefined : 500 })}`,
    '/v1/trade/products/{pid}': () => `/v1/trade/products/${maybe(0.3) ? 'hs:' : ''}${product(u)}`,
    '/v1/trade/products/{pid}/history': () =>
      `/v1/trade/products/${product(u)}/history${qs({
        reporter: maybe(0.6) ? pick(reporters) : undefined,
        partner: maybe(0.3) ? pick(partners) : undefined,
        flow: flow(),
        ...years(),
      })}`,
    '/v1/trade/products/{pid}/markets': () =>
      `/v1/trade/products/${product(u)}/markets${qs({ ...years(), limit: maybe(0.5) ? undefined : 200 })}`,
  };
}

function countryMixes(u: Universe): Record<string, Mix> {
  const { reporters, partners } = u;
  return {
    '/v1/trade/countries': () => `/v1/trade/countries${qs({ q: pick(countryWords) })}`,
    '/v1/trade/countries/{cid}': () => `/v1/trade/countries/${pick(partners)}`,
    '/v1/trade/countries/{cid}/imports': () => `/v1/trade/countries/${pick(reporters)}/imports${qs(flowFilter(u))}`,
    '/v1/trade/countries/{cid}/exports': () => `/v1/trade/countries/${pick(reporters)}/exports${qs(flowFilter(u))}`,
    '/v1/trade/countries/{cid}/partners': () =>
      `/v1/trade/countries/${pick(reporters)}/partners${qs({
        flow: flow(),
        product: maybe(0.4) ? product(u) : undefined,
        ...years(),
        limit: maybe(0.7) ? undefined : 500,
      })}`,
    '/v1/trade/countries/{cid}/products': () =>
      `/v1/trade/countries/${pick(reporters)}/products${qs({
        flow: flow(),
        ...years(),
        limit: maybe(0.7) ? undefined : 500,
      })}`,
  };
}

/** The request mix of every trade operation, in the order they are measured. */
export function buildMixes(u: Universe): Record<string, Mix> {
  return {
    '/v1/trade': () => tradePath(u),
    '/v1/trade?reporter&limit=100': () => listingPath(u, 100),
    '/v1/trade?reporter&limit=1000': () => listingPath(u, 1000),
    '/v1/trade/summary': () => summaryPath(u),
    '/v1/trade/monthly': () => monthlyPath(u),
    '/v1/trade/coverage': () => '/v1/trade/coverage',
    ...productMixes(u),
    ...countryMixes(u),
  };
}
