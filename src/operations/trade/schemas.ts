import { RELATIONSHIPS } from '../../trade/concordance.js';
import { Type } from '@sinclair/typebox';
import { CURSOR_EXAMPLE, Nullable, StringEnum, withExample } from '../../http/schemas.js';

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

/** A typical annual observation: the example of its schema, and of an extract's rows. */
export const TRADE_OBSERVATION_EXAMPLE = {
  exporter: 'DE',
  importer: 'US',
  hs6: '870323',
  hs_version: 2022,
  period: '2023-01-01',
  granularity: 'annual',
  value_usd: 12873440512,
  quantity: 412877340,
  quantity_unit: 'kg',
};
export const TradeObservationSchema = withExample(
  Type.Object(observationFields, { title: 'TradeObservation' }),
  TRADE_OBSERVATION_EXAMPLE,
);

export const MonthlyObservationSchema = withExample(
  Type.Object(
    { ...observationFields, reported_by: StringEnum(['exporter', 'importer']) },
    { title: 'MonthlyObservation' },
  ),
  {
    exporter: 'DE',
    importer: 'US',
    hs6: '901890',
    hs_version: 2022,
    period: '2024-03-01',
    granularity: 'monthly',
    value_usd: 434570769,
    quantity: 2283641,
    quantity_unit: 'kg',
    reported_by: 'importer',
  },
);

const groupedPointFields = {
  period: NullableStr,
  partner: NullableStr,
  exporter: NullableStr,
  importer: NullableStr,
  hs6: NullableStr,
  value_usd: Num,
  quantity: NullableNum,
  flow_count: Type.Integer(),
};

/** One year of a series: the grouping key `period` is set, the other keys are null. */
const YEAR_POINT = {
  period: '2023-01-01',
  partner: null,
  exporter: null,
  importer: null,
  hs6: null,
  value_usd: 126796508210,
  quantity: 30692019125,
  flow_count: 443,
};

export const GroupedPointSchema = withExample(Type.Object(groupedPointFields, { title: 'GroupedPoint' }), YEAR_POINT);

/** A group of `/v1/trade/monthly` with `group_by`: the GroupedPoint shape. */
export const MonthlyGroupedPointSchema = withExample(
  Type.Object(groupedPointFields, { title: 'MonthlyGroupedPoint' }),
  { ...YEAR_POINT, period: '2024-03-01', value_usd: 5849404238, quantity: 1241072218, flow_count: 285 },
);

const TopPartnerSchema = withExample(
  Type.Object({ partner: Type.String(), value_usd: Num, share: Num }, { title: 'TopPartner' }),
  { partner: 'FR', value_usd: 91123364533, share: 0.161 },
);

const PeriodPointSchema = withExample(
  Type.Object({ period: Type.String({ description: 'the year, YYYY' }), value_usd: Num }, { title: 'PeriodPoint' }),
  { period: '2023', value_usd: 261998734250 },
);

export const TradeSummarySchema = withExample(
  Type.Object(
    {
      trade_value: NullableNum,
      quantity: NullableNum,
      growth: NullableNum,
      unit_value: NullableNum,
      top_partners: Type.Array(TopPartnerSchema),
      partner_concentration: NullableNum,
      periods: Type.Array(PeriodPointSchema),
    },
    { title: 'TradeSummary' },
  ),
  {
    trade_value: 565035325871,
    quantity: 138747036735,
    growth: -13.54,
    unit_value: 3.29,
    top_partners: [
      { partner: 'FR', value_usd: 91123364533, share: 0.161 },
      { partner: 'NL', value_usd: 55670773247, share: 0.099 },
    ],
    partner_concentration: 0.07,
    periods: [
      { period: '2022', value_usd: 303036591621 },
      { period: '2023', value_usd: 261998734250 },
    ],
  },
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

/** The provenance of the example rows. */
const SOURCE_EXAMPLE = {
  source_name: 'CEPII BACI',
  source_url: 'https://www.cepii.fr/CEPII/en/bdd_modele/bdd_modele_item.asp?id=37',
  license_id: 'Etalab-2.0',
  attribution_text: 'CEPII BACI (Gaulier and Zignago, 2010)',
};

export const CoverageRowSchema = withExample(
  Type.Object(
    {
      country: Type.String(),
      yearly_first: Nullable(Type.Integer()),
      yearly_last: Nullable(Type.Integer()),
      monthly_first: Nullable(Type.String({ format: 'date' })),
      monthly_last: Nullable(Type.String({ format: 'date' })),
      ...sourceFields,
    },
    { title: 'CoverageRow' },
  ),
  {
    country: 'DE',
    yearly_first: 2015,
    yearly_last: 2025,
    monthly_first: '2015-01-01',
    monthly_last: '2026-05-01',
    ...SOURCE_EXAMPLE,
  },
);

export const ProductRowSchema = withExample(
  Type.Object({ hs6: Type.String(), hs_version: Type.Integer(), name: Type.String() }, { title: 'ProductRow' }),
  { hs6: '270900', hs_version: 2022, name: 'Oils; petroleum oils and oils obtained from bituminous minerals, crude' },
);

const CRUDE_OIL = {
  hs6: '270900',
  hs_version: 2022,
  name: 'Oils; petroleum oils and oils obtained from bituminous minerals, crude',
  chapter: '27',
  heading: '2709',
};

const ProductMatchSchema = withExample(
  Type.Object(
    {
      hs6: Type.String(),
      hs_version: Type.Integer(),
      name: Type.String(),
      chapter: Type.String({ description: 'the 2-digit HS chapter' }),
      heading: Type.String({ description: 'the 4-digit HS heading' }),
    },
    { title: 'ProductMatch' },
  ),
  CRUDE_OIL,
);

export const ProductDetailSchema = withExample(
  Type.Object(
    {
      id: Type.String({ description: 'the normalised code: digits, no prefix' }),
      matches: Type.Array(ProductMatchSchema),
    },
    { title: 'ProductDetail' },
  ),
  { id: '2709', matches: [CRUDE_OIL] },
);

export const CountryRowSchema = withExample(
  Type.Object(
    { id: Type.String(), iso3: Type.Optional(NullableStr), name: Type.String(), is_group: Type.Boolean() },
    { title: 'CountryRow' },
  ),
  { id: 'DE', iso3: 'DEU', name: 'Germany', is_group: false },
);

export const CountryDetailSchema = withExample(
  Type.Object(
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
  ),
  {
    id: 'DE',
    iso3: 'DEU',
    name: 'Germany',
    is_group: false,
    region: 'Europe',
    note: 'Reporting country: declares its own imports and exports.',
    ...SOURCE_EXAMPLE,
  },
);

/** A ranking row: the grouping key (here `exporter`) is set, the other keys are null. */
const EXPORTER_POINT = {
  ...YEAR_POINT,
  period: null,
  exporter: 'SA',
  value_usd: 352358206242,
  quantity: 542791217369,
  flow_count: 16,
};
const IMPORTER_POINT = {
  ...YEAR_POINT,
  period: null,
  importer: 'CN',
  value_usd: 682312287811,
  quantity: 1182453729364,
  flow_count: 110,
};

export const MarketsSchema = withExample(
  Type.Object(
    { top_exporters: Type.Array(GroupedPointSchema), top_importers: Type.Array(GroupedPointSchema) },
    { title: 'Markets' },
  ),
  { top_exporters: [EXPORTER_POINT], top_importers: [IMPORTER_POINT] },
);

const COUNTRY = '^[A-Za-z]{2,3}$';
const HS_CODE = '^(?:[hH][sS]:)?(?:\\d{2}|\\d{4}|\\d{6})$';
/** Lists are split and their items checked in code (`x-list`), never matched whole by one pattern. */
const country = (what: string, example = 'DE') =>
  Type.Optional(
    Type.String({
      'x-list': { item: 'country' },
      description: `${what}: ISO2 or ISO3 codes (any case) or EU, comma-separated`,
      examples: [example],
    }),
  );
const product = Type.Optional(
  Type.String({
    'x-list': { item: 'product' },
    description: 'HS codes of 2, 4 or 6 digits, optionally prefixed hs:, comma-separated',
    examples: ['2709,8703'],
  }),
);
const year = (bound: 'first' | 'last') =>
  Type.Optional(
    Type.String({
      'x-date': 'year',
      description: `the ${bound} year, written YYYY (inclusive)`,
      examples: [bound === 'first' ? '2020' : '2023'],
    }),
  );
const month = (bound: 'first' | 'last') =>
  Type.Optional(
    Type.String({
      'x-date': 'month',
      description: `the ${bound} month, written YYYY-MM or YYYY (inclusive)`,
      examples: [bound === 'first' ? '2024-01' : '2024-12'],
    }),
  );
const flow = Type.Optional(
  StringEnum(['export', 'import'], {
    description: "from the reporter's side: export (reporter exports) or import (reporter imports); both when absent",
    examples: ['export'],
  }),
);
const limit = (max: number, dflt: number, description: string) =>
  Type.Integer({ minimum: 1, maximum: max, default: dflt, description, examples: [10] });
const pageSize = (description = 'rows per page') => limit(10000, 1000, description);
const cursor = (description: string) =>
  Type.Optional(
    Type.String({
      'x-trimmed': { min: 1, max: 1000 },
      'x-cursor': true,
      description,
      examples: [CURSOR_EXAMPLE],
    }),
  );
const years = { 'x-range': 'year' };
/** The HS edition an answer is given in (CONTRACT §4, "Editions, advantage and extracts"). */
const hsVersion = Type.Optional(
  Type.Integer({
    minimum: 1988,
    maximum: 2100,
    description:
      'answer in this HS edition (one whose conversion table is loaded): flows of later editions converted ' +
      'with the UNSD table, flows of earlier ones left out and counted in x-hs-excluded-flows; as reported when absent',
    examples: [1992],
  }),
);

/** The filters of annual flows: `/v1/trade` and its summary. */
const ANNUAL_FILTERS = {
  reporter: country('reporting country'),
  partner: country('partner country', 'US,CN'),
  product,
  flow,
  from: year('first'),
  to: year('last'),
  hs_version: hsVersion,
};

export const TradeQuery = Type.Object(
  {
    ...ANNUAL_FILTERS,
    limit: pageSize(),
    cursor: cursor('next_cursor of the previous page, with the same other parameters (limit may change)'),
  },
  years,
);
export const SummaryQuery = Type.Object(ANNUAL_FILTERS, years);
export const MonthlyQuery = Type.Object(
  {
    exporter: country('exporter'),
    importer: country('importer', 'US'),
    product,
    from: month('first'),
    to: month('last'),
    hs_version: hsVersion,
    method: StringEnum(['reconciled', 'exporter', 'importer'], {
      default: 'reconciled',
      description:
        "whose declarations: the exporter's (FOB), the importer's (CIF), " +
        "or reconciled (the importer's where one exists, else the exporter's)",
      examples: ['exporter'],
    }),
    group_by: Type.Optional(
      StringEnum(['period', 'exporter', 'importer', 'hs6'], {
        description: 'sums by this key; not paged',
        examples: ['hs6'],
      }),
    ),
    limit: pageSize('rows per page; with group_by, the number of groups'),
    cursor: cursor(
      'next_cursor of the previous page, with the same other parameters (limit may change); not with group_by',
    ),
  },
  { 'x-range': 'month' },
);
/** The query of the product and country searches; `example` is a typical `q`. */
export const searchQuery = (example: string) =>
  Type.Object(
    {
      q: Type.String({
        'x-trimmed': { min: 1, max: 200 },
        description: 'free text, 1 to 200 characters after trimming',
        examples: [example],
      }),
      limit: limit(500, 50, 'results to return'),
    },
    { required: ['q'] },
  );
export const ProductParams = Type.Object({
  pid: Type.String({
    pattern: HS_CODE,
    description: 'an HS code of 2, 4 or 6 digits, optionally prefixed hs:',
    examples: ['2709'],
  }),
});
export const CountryParams = Type.Object({
  cid: Type.String({ pattern: COUNTRY, description: 'an ISO2 (or ISO3) country code, or EU', examples: ['DE'] }),
});
export const ProductHistoryQuery = Type.Object(
  {
    reporter: country('reporting country'),
    partner: country('partner country', 'US,CN'),
    flow,
    from: year('first'),
    to: year('last'),
    hs_version: hsVersion,
  },
  years,
);
export const MarketsQuery = Type.Object(
  {
    from: year('first'),
    to: year('last'),
    hs_version: hsVersion,
    limit: limit(200, 20, 'exporters and importers to return, each'),
  },
  years,
);
export const CountryFlowQuery = Type.Object(
  {
    partner: country('partner country', 'US,CN'),
    product,
    from: year('first'),
    to: year('last'),
    hs_version: hsVersion,
  },
  years,
);
export const PartnersQuery = Type.Object(
  {
    flow,
    product,
    from: year('first'),
    to: year('last'),
    hs_version: hsVersion,
    limit: limit(500, 50, 'partners to return'),
  },
  years,
);
export const CountryProductsQuery = Type.Object(
  { flow, from: year('first'), to: year('last'), hs_version: hsVersion, limit: limit(500, 50, 'products to return') },
  years,
);

export const AdvantageQuery = Type.Object({
  year: Type.Optional(
    Type.String({
      'x-date': 'year',
      description: 'the year, written YYYY (default: the latest year the country exported anything)',
      examples: ['2023'],
    }),
  ),
  hs_version: Type.Optional(
    Type.Integer({
      minimum: 1988,
      maximum: 2100,
      description:
        'the HS edition RCA is computed in (default: the one every flow of the year was reported in; with ' +
        'several, the earliest with a loaded conversion table): flows of later editions are converted into it',
      examples: [2022],
    }),
  ),
  min_value: Type.Integer({
    minimum: 0,
    maximum: 1e15,
    default: 0,
    description: 'USD: leave out products the country exports less of (the shares still count every product)',
    examples: [1000000],
  }),
  limit: limit(1000, 50, 'products to return'),
});

export const AdvantageSchema = withExample(
  Type.Object(
    {
      hs6: Type.String({ description: 'the HS6 code' }),
      hs_version: Type.Integer({ description: 'its HS edition' }),
      value_usd: Type.Number({ description: "the country's exports of the product (x_cp)" }),
      world_value_usd: Type.Number({ description: "every exporter's exports of the product (x_wp)" }),
      share: Type.Number({ description: "x_cp / x_c: the product's share of the country's exports" }),
      world_share: Type.Number({ description: "x_wp / x_w: the product's share of world exports" }),
      rca: Type.Number({ description: "Balassa's index: share / world_share (above 1: an advantage)" }),
    },
    { title: 'Advantage' },
  ),
  {
    hs6: '870323',
    hs_version: 2022,
    value_usd: 58230000000,
    world_value_usd: 410200000000,
    share: 0.0381,
    world_share: 0.0175,
    rca: 2.18,
  },
);

export const ConcordanceQuery = Type.Object(
  {
    to: Type.Integer({
      minimum: 1988,
      maximum: 2100,
      description: 'the HS edition to map to (one whose correlation table is loaded)',
      examples: [1992],
    }),
  },
  { required: ['to'] },
);

export const ConcordanceSchema = Type.Object(
  {
    from_hs6: Type.String({ description: 'a code under the product, in its own edition' }),
    from_version: Type.Integer({ description: 'its HS edition' }),
    to_hs6: Type.String({ description: 'a code of the edition asked for that it corresponds to' }),
    to_version: Type.Integer({ description: 'the edition asked for' }),
    relationship: StringEnum(RELATIONSHIPS, {
      description:
        'the UNSD correlation relationship, seen from from_hs6 (n:1: several codes of its edition map to one)',
    }),
  },
  {
    title: 'ConcordanceRow',
    examples: [{ from_hs6: '851713', from_version: 2022, to_hs6: '851790', to_version: 1992, relationship: 'n:1' }],
  },
);
