/**
 * The operations as a client sees them: a concrete path, the query parameters
 * each accepts and what kind of value each takes. Hostile-input and fuzz tests
 * draw their requests from this table.
 */
export type ParamKind =
  | 'country-list' // trade countries: ISO2/ISO3/EU, comma-separated
  | 'product-list'
  | 'econ-country-list'
  | 'econ-indicator-list'
  | 'year'
  | 'month'
  | 'date'
  | 'datetime'
  | 'flow'
  | 'method'
  | 'group_by'
  | 'transform'
  | 'limit'
  | 'text'
  | 'cursor'
  | 'group'
  | 'edition' // an HS edition year
  | 'level' // a product level of economic complexity
  | 'usd'; // a threshold in US dollars

export interface Operation {
  /** Path template; `{cid}` and `{pid}` are filled by the caller. */
  path: string;
  params: Record<string, ParamKind>;
  /** `data` is an array. */
  list: boolean;
  trade: boolean;
  /** It answers 200 only once UNSD conversion tables are loaded (else 422): not in the default sample. */
  needsHsTables?: boolean;
  /** Its 200 answer is a file (Parquet or CSV), not JSON. */
  file?: boolean;
  /** Its answers carry `next_cursor` (the monthly listing only without `group_by`). */
  paged?: boolean;
  required?: string[];
  /** Identifiers its concrete path takes instead of the usual ones. */
  ids?: { cid?: string; pid?: string };
}

const tradeFilter = {
  reporter: 'country-list',
  partner: 'country-list',
  product: 'product-list',
  flow: 'flow',
  from: 'year',
  to: 'year',
  hs_version: 'edition',
} as const;

export const OPERATIONS: Operation[] = [
  { path: '/v1/countries', params: {}, list: true, trade: false },
  { path: '/v1/indicators', params: {}, list: true, trade: false },
  {
    path: '/v1/latest',
    params: { country: 'econ-country-list', indicator: 'econ-indicator-list', group: 'group' },
    list: true,
    trade: false,
  },
  {
    path: '/v1/history',
    params: {
      country: 'econ-country-list',
      indicator: 'econ-indicator-list',
      from: 'date',
      to: 'date',
      transform: 'transform',
      cursor: 'cursor',
    },
    list: true,
    trade: false,
    paged: true,
  },
  { path: '/v1/search', params: { q: 'text', limit: 'limit' }, list: true, trade: false, required: ['q'] },
  {
    path: '/v1/updates',
    params: { since: 'datetime', country: 'econ-country-list' },
    list: true,
    trade: false,
    required: ['since'],
  },
  {
    path: '/v1/vintages',
    params: { country: 'econ-country-list', indicator: 'econ-indicator-list', from: 'date', to: 'date' },
    list: true,
    trade: false,
  },
  {
    path: '/v1/trade',
    params: { ...tradeFilter, limit: 'limit', cursor: 'cursor' },
    list: true,
    trade: true,
    paged: true,
  },
  { path: '/v1/trade/summary', params: { ...tradeFilter }, list: false, trade: true },
  {
    path: '/v1/trade/monthly',
    params: {
      exporter: 'country-list',
      importer: 'country-list',
      product: 'product-list',
      from: 'month',
      to: 'month',
      hs_version: 'edition',
      method: 'method',
      group_by: 'group_by',
      limit: 'limit',
      cursor: 'cursor',
    },
    list: true,
    trade: true,
    paged: true,
  },
  { path: '/v1/trade/coverage', params: {}, list: true, trade: true },
  { path: '/v1/trade/products', params: { q: 'text', limit: 'limit' }, list: true, trade: true, required: ['q'] },
  { path: '/v1/trade/products/{pid}', params: {}, list: false, trade: true },
  {
    path: '/v1/trade/products/{pid}/history',
    params: {
      reporter: 'country-list',
      partner: 'country-list',
      flow: 'flow',
      from: 'year',
      to: 'year',
      hs_version: 'edition',
    },
    list: true,
    trade: true,
  },
  {
    path: '/v1/trade/products/{pid}/markets',
    params: { from: 'year', to: 'year', hs_version: 'edition', limit: 'limit' },
    list: false,
    trade: true,
  },
  { path: '/v1/trade/countries', params: { q: 'text', limit: 'limit' }, list: true, trade: true, required: ['q'] },
  { path: '/v1/trade/countries/{cid}', params: {}, list: false, trade: true },
  {
    path: '/v1/trade/countries/{cid}/imports',
    params: { partner: 'country-list', product: 'product-list', from: 'year', to: 'year', hs_version: 'edition' },
    list: true,
    trade: true,
  },
  {
    path: '/v1/trade/countries/{cid}/exports',
    params: { partner: 'country-list', product: 'product-list', from: 'year', to: 'year', hs_version: 'edition' },
    list: true,
    trade: true,
  },
  {
    path: '/v1/trade/countries/{cid}/partners',
    params: { flow: 'flow', product: 'product-list', from: 'year', to: 'year', hs_version: 'edition', limit: 'limit' },
    list: true,
    trade: true,
  },
  {
    path: '/v1/trade/countries/{cid}/products',
    params: { flow: 'flow', from: 'year', to: 'year', hs_version: 'edition', limit: 'limit' },
    list: true,
    trade: true,
  },
  {
    path: '/v1/trade/countries/{cid}/advantage',
    params: { year: 'year', hs_version: 'edition', limit: 'limit' },
    list: true,
    trade: true,
  },
  ...[
    '/v1/trade/complexity/countries',
    '/v1/trade/complexity/products',
    '/v1/trade/countries/{cid}/opportunities',
    '/v1/trade/products/{pid}/related',
  ].map((path) => ({
    path,
    params: {
      year: 'year',
      level: 'level',
      hs_version: 'edition',
      min_country_exports: 'usd',
      min_product_trade: 'usd',
      limit: 'limit',
    } as const,
    list: true,
    trade: true,
    ids: { pid: '8703' },
  })),
  {
    path: '/v1/trade/products/{pid}/concordance',
    params: { to: 'edition' },
    list: true,
    trade: true,
    required: ['to'],
    needsHsTables: true,
  },
  { path: '/v1/trade/bulk', params: { ...tradeFilter }, list: false, trade: true, file: true },
];

/** A valid value of each required parameter, so other parameters can be tested alone. */
export const REQUIRED_VALUES: Record<string, string> = { q: 'ger', since: '2020-01-01', to: '2022' };

/** The path with valid identifiers (or the given ones). */
export function concretePath(op: Operation, ids: { cid?: string; pid?: string } = {}): string {
  return op.path
    .replace('{cid}', encodeURIComponent(ids.cid ?? op.ids?.cid ?? 'US'))
    .replace('{pid}', encodeURIComponent(ids.pid ?? op.ids?.pid ?? '85'));
}

/** The path plus its required parameters and `extra` (already encoded `k=v` pairs). */
export function requestPath(op: Operation, extra: string[] = [], ids: { cid?: string; pid?: string } = {}): string {
  const required = (op.required ?? []).map((p) => `${p}=${encodeURIComponent(REQUIRED_VALUES[p]!)}`);
  const query = [...required, ...extra].join('&');
  return concretePath(op, ids) + (query ? `?${query}` : '');
}
