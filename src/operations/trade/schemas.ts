import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../../http/schemas.js';

const Num = Type.Number();
const NullableNum = Nullable(Type.Number());
const NullableStr = Nullable(Type.String());

/** The fields of one observation, annual or monthly. */
const observationFields = {
  exporter: Type.String(),
  importer: Type.String(),
  hs6: Type.String(),
  hs_version: Type.Integer(),
  period: Type.String({ format: 'date' }),
  granularity: Type.String(),
  value_usd: Num,
  quantity: NullableNum,
  quantity_unit: Type.String(),
};

export const TradeObservationSchema = Type.Object(observationFields, { title: 'TradeObservation' });

export const MonthlyObservationSchema = Type.Object(
  { ...observationFields, reported_by: StringEnum(['exporter', 'importer']) },
  { title: 'MonthlyObservation' },
);

export const GroupedPointSchema = Type.Object(
  {
    period: NullableStr,
    partner: NullableStr,
    exporter: NullableStr,
    importer: NullableStr,
    hs6: NullableStr,
    value_usd: Num,
    quantity: NullableNum,
    flow_count: Type.Integer(),
  },
  { title: 'GroupedPoint' },
);

export const TradeSummarySchema = Type.Object(
  {
    trade_value: NullableNum,
    quantity: NullableNum,
    growth: NullableNum,
    unit_value: NullableNum,
    top_partners: Type.Array(
      Type.Object({ partner: Type.String(), value_usd: Num, share: Num }, { title: 'TopPartner' }),
    ),
    partner_concentration: NullableNum,
    periods: Type.Array(Type.Object({ period: Type.String(), value_usd: Num }, { title: 'PeriodPoint' })),
  },
  { title: 'TradeSummary' },
);

/**
 * Where trade figures come from, as economic series say it. Several sources are
 * listed in the same order in every field, separated by "; "; null when the data
 * were loaded before sources were recorded.
 */
const sourceFields = {
  source_name: Nullable(
    Type.String({
      description: 'the source of the figures, e.g. "CEPII BACI", "UN Comtrade", or generated sample data',
    }),
  ),
  source_url: Nullable(Type.String({ description: 'where the source publishes them' })),
  license_id: Nullable(Type.String({ description: 'licence of the source (SPDX identifier where one exists)' })),
  attribution_text: Nullable(Type.String({ description: 'attribution to show with the figures' })),
};

export const CoverageRowSchema = Type.Object(
  {
    country: Type.String(),
    yearly_first: Nullable(Type.Integer()),
    yearly_last: Nullable(Type.Integer()),
    monthly_first: Nullable(Type.String({ format: 'date' })),
    monthly_last: Nullable(Type.String({ format: 'date' })),
    ...sourceFields,
  },
  { title: 'CoverageRow' },
);

export const ProductRowSchema = Type.Object(
  { hs6: Type.String(), hs_version: Type.Integer(), name: Type.String() },
  { title: 'ProductRow' },
);

export const ProductDetailSchema = Type.Object(
  {
    id: Type.String(),
    matches: Type.Array(
      Type.Object(
        {
          hs6: Type.String(),
          hs_version: Type.Integer(),
          name: Type.String(),
          chapter: Type.String(),
          heading: Type.String(),
        },
        { title: 'ProductMatch' },
      ),
    ),
  },
  { title: 'ProductDetail' },
);

export const CountryRowSchema = Type.Object(
  { id: Type.String(), iso3: Type.Optional(NullableStr), name: Type.String(), is_group: Type.Boolean() },
  { title: 'CountryRow' },
);

export const CountryDetailSchema = Type.Object(
  {
    id: Type.String(),
    iso3: Type.Optional(NullableStr),
    name: Type.String(),
    is_group: Type.Boolean(),
    region: Type.Optional(NullableStr),
    note: Type.Optional(NullableStr),
    // A reporter's own sources; for a partner-only country or the EU group, those of the
    // reporters its figures come from.
    ...sourceFields,
  },
  { title: 'CountryDetail' },
);

export const MarketsSchema = Type.Object(
  { top_exporters: Type.Array(GroupedPointSchema), top_importers: Type.Array(GroupedPointSchema) },
  { title: 'Markets' },
);

const COUNTRY = '^[A-Za-z]{2,3}$';
const HS_CODE = '^(?:[hH][sS]:)?(?:\\d{2}|\\d{4}|\\d{6})$';
/** Lists are split and their items checked in code (`x-list`), never matched whole by one pattern. */
const country = (what: string) =>
  Type.Optional(
    Type.String({
      'x-list': { item: 'country' },
      description: `${what}: ISO2 or ISO3 codes (any case) or EU, comma-separated`,
    }),
  );
const product = Type.Optional(
  Type.String({
    'x-list': { item: 'product' },
    description: 'HS codes of 2, 4 or 6 digits, optionally prefixed hs:, comma-separated',
  }),
);
const year = (bound: string) =>
  Type.Optional(Type.String({ 'x-date': 'year', description: `the ${bound} year, written YYYY (inclusive)` }));
const month = (bound: string) =>
  Type.Optional(
    Type.String({ 'x-date': 'month', description: `the ${bound} month, written YYYY-MM or YYYY (inclusive)` }),
  );
const flow = Type.Optional(StringEnum(['export', 'import'], { description: "from the reporter's side" }));
const limit = (max: number, dflt: number, description?: string) =>
  Type.Integer({ minimum: 1, maximum: max, default: dflt, ...(description ? { description } : {}) });
const pageSize = (description = 'rows per page') => limit(10000, 1000, description);
const cursor = (description: string) => Type.Optional(Type.String({ 'x-trimmed': { min: 1, max: 1000 }, description }));
const years = { 'x-range': 'year' };

export const TradeQuery = Type.Object(
  {
    reporter: country('reporting country'),
    partner: country('partner country'),
    product,
    flow,
    from: year('first'),
    to: year('last'),
    limit: pageSize(),
    cursor: cursor('next_cursor of the previous page, with the same other parameters (limit may change)'),
  },
  years,
);
export const SummaryQuery = Type.Object(
  {
    reporter: country('reporting country'),
    partner: country('partner country'),
    product,
    flow,
    from: year('first'),
    to: year('last'),
  },
  years,
);
export const MonthlyQuery = Type.Object(
  {
    exporter: country('exporter'),
    importer: country('importer'),
    product,
    from: month('first'),
    to: month('last'),
    method: StringEnum(['reconciled', 'exporter', 'importer'], { default: 'reconciled' }),
    group_by: Type.Optional(
      StringEnum(['period', 'exporter', 'importer', 'hs6'], { description: 'sums by this key; not paged' }),
    ),
    limit: pageSize('rows per page; with group_by, the number of groups'),
    cursor: cursor(
      'next_cursor of the previous page, with the same other parameters (limit may change); not with group_by',
    ),
  },
  { 'x-range': 'month' },
);
export const SearchQuery = Type.Object(
  {
    q: Type.String({ 'x-trimmed': { min: 1, max: 200 }, description: 'free text, 1 to 200 characters after trimming' }),
    limit: limit(500, 50),
  },
  { required: ['q'] },
);
export const ProductParams = Type.Object({
  pid: Type.String({ pattern: HS_CODE, description: 'an HS code of 2, 4 or 6 digits, optionally prefixed hs:' }),
});
export const CountryParams = Type.Object({
  cid: Type.String({ pattern: COUNTRY, description: 'an ISO2 (or ISO3) country code, or EU' }),
});
export const ProductHistoryQuery = Type.Object(
  {
    reporter: country('reporting country'),
    partner: country('partner country'),
    flow,
    from: year('first'),
    to: year('last'),
  },
  years,
);
export const MarketsQuery = Type.Object({ from: year('first'), to: year('last'), limit: limit(200, 20) }, years);
export const CountryFlowQuery = Type.Object(
  { partner: country('partner country'), product, from: year('first'), to: year('last') },
  years,
);
export const PartnersQuery = Type.Object(
  { flow, product, from: year('first'), to: year('last'), limit: limit(500, 50) },
  years,
);
export const CountryProductsQuery = Type.Object(
  { flow, from: year('first'), to: year('last'), limit: limit(500, 50) },
  years,
);
