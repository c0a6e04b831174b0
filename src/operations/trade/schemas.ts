import { RELATIONSHIPS } from '../../trade/concordance.js';
import { Type } from '@sinclair/typebox';
import { CURSOR_EXAMPLE, Nullable, StringEnum, withExample } from '../../http/schemas.js';

const usd = (description: string) => Type.Number({ description });
const nullableNum = (description: string) => Nullable(Type.Number(), { description });
const nullableStr = (description: string) => Nullable(Type.String(), { description });

/**
 * Trade countries are ISO 3166-1 alpha-2 codes; an area without one has a code of the
 * user-assigned range XA–XZ.
 */
const ISO2 = 'ISO 3166-1 alpha-2 code, upper case (an area without one: a code from XA to XZ)';
const HS6 = 'the 6-digit HS product code, zero-padded';
const HS_VERSION =
  'the year of the HS edition the code belongs to: the edition the flow was reported in, or the one asked for ' +
  'with hs_version';
const QUANTITY = 'net weight in kg (the unit quantity_unit names); null when the source gives none';

/** The fields of one observation, annual or monthly. */
const observationFields = {
  exporter: Type.String({ description: `the exporting country: ${ISO2}` }),
  importer: Type.String({ description: `the importing country: ${ISO2}` }),
  hs6: Type.String({ description: HS6 }),
  hs_version: Type.Integer({ description: HS_VERSION }),
  period: Type.String({
    format: 'date',
    description: 'the first day of the period: YYYY-01-01 for a year, YYYY-MM-01 for a month',
  }),
  granularity: Type.String({ description: 'annual or monthly' }),
  value_usd: usd('the value of the flow in US dollars (not thousands)'),
  quantity: nullableNum(QUANTITY),
  quantity_unit: Type.String({ description: 'the unit of quantity: kg (net weight)' }),
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
  Type.Object(observationFields, {
    title: 'TradeObservation',
    description: 'One annual flow: what an exporter sold to an importer of one product in one year.',
  }),
  TRADE_OBSERVATION_EXAMPLE,
);

export const MonthlyObservationSchema = withExample(
  Type.Object(
    {
      ...observationFields,
      reported_by: StringEnum(['exporter', 'importer'], {
        description: "whose declaration the figures come from: the exporter's (FOB) or the importer's (CIF)",
      }),
    },
    { title: 'MonthlyObservation', description: 'One monthly flow, from one declaration.' },
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

/** Of the five keys, the grouping key is set and the others are null. */
const groupedPointFields = {
  period: nullableStr(
    'grouping by period: its first day, YYYY-01-01 for a year, YYYY-MM-01 for a month; otherwise null',
  ),
  partner: nullableStr(`grouping by partner: the partner country, ${ISO2}; otherwise null`),
  exporter: nullableStr(`grouping by exporter: the exporting country, ${ISO2}; otherwise null`),
  importer: nullableStr(`grouping by importer: the importing country, ${ISO2}; otherwise null`),
  hs6: nullableStr(`grouping by product: ${HS6}; otherwise null`),
  value_usd: usd('the sum of the values of the flows aggregated, in US dollars'),
  quantity: nullableNum(
    'the sum of the non-null quantities of the flows aggregated, net weight in kg; null when none has one',
  ),
  flow_count: Type.Integer({ description: 'the number of observations aggregated (count)' }),
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

export const GroupedPointSchema = withExample(
  Type.Object(groupedPointFields, {
    title: 'GroupedPoint',
    description: 'Flows summed by one key (period, partner, exporter, importer or hs6); the other keys are null.',
  }),
  YEAR_POINT,
);

/** A group of `/v1/trade/monthly` with `group_by`: the GroupedPoint shape. */
export const MonthlyGroupedPointSchema = withExample(
  Type.Object(groupedPointFields, {
    title: 'MonthlyGroupedPoint',
    description: 'Monthly flows summed by the group_by key; the other keys are null.',
  }),
  { ...YEAR_POINT, period: '2024-03-01', value_usd: 5849404238, quantity: 1241072218, flow_count: 285 },
);

const TopPartnerSchema = withExample(
  Type.Object(
    {
      partner: Type.String({ description: `the partner-side country: ${ISO2}` }),
      value_usd: usd('the value of the matching flows with this partner, in US dollars'),
      share: Type.Number({
        description: 'value_usd / trade_value: the fraction (0 to 1, not percent) of the total this partner has',
      }),
    },
    { title: 'TopPartner', description: 'One of the largest partner-side countries by value.' },
  ),
  { partner: 'FR', value_usd: 91123364533, share: 0.161 },
);

const PeriodPointSchema = withExample(
  Type.Object(
    {
      period: Type.String({ description: 'the year, YYYY' }),
      value_usd: usd('the value of the matching flows of the year, in US dollars'),
    },
    { title: 'PeriodPoint', description: 'The value of one year with data.' },
  ),
  { period: '2023', value_usd: 261998734250 },
);

export const TradeSummarySchema = withExample(
  Type.Object(
    {
      trade_value: nullableNum('Σ value_usd of the matching annual flows, in US dollars; null when nothing matches'),
      quantity: nullableNum(
        'Σ of the non-null quantities of the matching flows, net weight in kg; null when nothing matches or none ' +
          'has a quantity',
      ),
      growth: nullableNum(
        'percent change of the last year of periods over the year before it: 100 × (v_last / v_prev − 1); null ' +
          'unless the last two years with data are consecutive',
      ),
      unit_value: nullableNum(
        'USD per kg: the value of the flows that have a quantity divided by the sum of their quantities; null ' +
          'when there is no positive quantity',
      ),
      top_partners: Type.Array(TopPartnerSchema, {
        description:
          'the 10 largest partner-side countries by value, largest first (partner side as for flow; with no ' +
          'reporter and no flow, the importer)',
      }),
      partner_concentration: nullableNum(
        'Herfindahl–Hirschman index of the partner shares, Σ share² over every partner-side country, in (0, 1] ' +
          '(1: a single partner); null when nothing matches',
      ),
      periods: Type.Array(PeriodPointSchema, { description: 'one point per year with data, ascending' }),
    },
    { title: 'TradeSummary', description: 'Totals and indicators over the matching annual flows.' },
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
  source_name: nullableStr(
    'the source of the figures, e.g. "CEPII BACI", "UN Comtrade", or generated sample data; null if unrecorded',
  ),
  source_url: nullableStr('where the source publishes them; null if unrecorded'),
  license_id: nullableStr('licence of the source (SPDX identifier where one exists); null if unrecorded'),
  attribution_text: nullableStr('attribution to show with the figures; null if unrecorded'),
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
      country: Type.String({ description: `the reporting country: ${ISO2}` }),
      yearly_first: Nullable(Type.Integer(), { description: 'the first year (YYYY) with annual data; null if none' }),
      yearly_last: Nullable(Type.Integer(), { description: 'the last year (YYYY) with annual data; null if none' }),
      monthly_first: Nullable(Type.String({ format: 'date' }), {
        description: 'the first month with monthly data, YYYY-MM-01; null if none',
      }),
      monthly_last: Nullable(Type.String({ format: 'date' }), {
        description: 'the last month with monthly data, YYYY-MM-01; null if none',
      }),
      ...sourceFields,
    },
    { title: 'CoverageRow', description: 'The periods a reporting country has data for, and their source.' },
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
  Type.Object(
    {
      hs6: Type.String({ description: HS6 }),
      hs_version: Type.Integer({ description: 'the year of the HS edition the code belongs to' }),
      name: Type.String({ description: "the product's description in the HS nomenclature (English)" }),
    },
    { title: 'ProductRow', description: 'An HS6 product of the nomenclature.' },
  ),
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
      hs6: Type.String({ description: HS6 }),
      hs_version: Type.Integer({ description: 'the year of the HS edition the code belongs to' }),
      name: Type.String({ description: "the product's description in the HS nomenclature (English)" }),
      chapter: Type.String({ description: 'the 2-digit HS chapter' }),
      heading: Type.String({ description: 'the 4-digit HS heading' }),
    },
    { title: 'ProductMatch', description: 'An HS6 code under the requested code.' },
  ),
  CRUDE_OIL,
);

export const ProductDetailSchema = withExample(
  Type.Object(
    {
      id: Type.String({ description: 'the normalised code: digits, no prefix' }),
      matches: Type.Array(ProductMatchSchema, { description: 'every HS6 code under it, sorted' }),
    },
    { title: 'ProductDetail', description: 'An HS code of 2, 4 or 6 digits and the HS6 codes under it.' },
  ),
  { id: '2709', matches: [CRUDE_OIL] },
);

export const CountryRowSchema = withExample(
  Type.Object(
    {
      id: Type.String({ description: `${ISO2}, or EU for the European Union group` }),
      iso3: Type.Optional(nullableStr('ISO 3166-1 alpha-3 code, upper case; null for the EU group')),
      name: Type.String({ description: 'the English name' }),
      is_group: Type.Boolean({ description: 'true for a group (EU), which as a filter expands to its members' }),
    },
    { title: 'CountryRow', description: 'A country (or the EU group) of the trade data.' },
  ),
  { id: 'DE', iso3: 'DEU', name: 'Germany', is_group: false },
);

export const CountryDetailSchema = withExample(
  Type.Object(
    {
      id: Type.String({ description: `${ISO2}, or EU for the European Union group` }),
      iso3: Type.Optional(nullableStr('ISO 3166-1 alpha-3 code, upper case; null for the EU group')),
      name: Type.String({ description: 'the English name' }),
      is_group: Type.Boolean({ description: 'true for a group (EU), which as a filter expands to its members' }),
      region: Type.Optional(nullableStr('a continent or UN region name; null when unknown')),
      note: Type.Optional(
        nullableStr('how its figures are known: a reporting country, a partner only, or a group and its members'),
      ),
      // A reporter's own sources; for a partner-only country or the EU group, those of the
      // reporters its figures come from.
      ...sourceFields,
    },
    { title: 'CountryDetail', description: 'A country (or the EU group), its region and where its figures come from.' },
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
    {
      top_exporters: Type.Array(GroupedPointSchema, {
        description: 'the exporters of the product (exporter set), largest value first',
      }),
      top_importers: Type.Array(GroupedPointSchema, {
        description: 'the importers of the product (importer set), largest value first',
      }),
    },
    { title: 'Markets', description: 'Who exports and who imports a product over the years asked.' },
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
      value_usd: Type.Number({ description: "the country's exports of the product (x_cp), in US dollars" }),
      world_value_usd: Type.Number({ description: "every exporter's exports of the product (x_wp), in US dollars" }),
      share: Type.Number({ description: "x_cp / x_c: the product's share of the country's exports" }),
      world_share: Type.Number({ description: "x_wp / x_w: the product's share of world exports" }),
      rca: Type.Number({ description: "Balassa's index: share / world_share (above 1: an advantage)" }),
    },
    { title: 'Advantage', description: "A product's revealed comparative advantage in a country's exports." },
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
    description: 'An HS6 code and the code of another edition it corresponds to.',
    examples: [{ from_hs6: '851713', from_version: 2022, to_hs6: '851790', to_version: 1992, relationship: 'n:1' }],
  },
);
