import { Type, type TObject, type TProperties } from '@sinclair/typebox';
import { StringEnum, withExample } from '../../http/schemas.js';
import { COMPLEXITY_LEVELS } from '../../trade/complexity/year-exports.js';

// The parameters and rows of the economic complexity operations (CONTRACT §4, "Economic complexity").

/** `min_country_exports`'s default, USD. */
export const MIN_COUNTRY_EXPORTS_DEFAULT = 1_000_000_000;
/** `min_product_trade`'s default, USD. */
export const MIN_PRODUCT_TRADE_DEFAULT = 500_000_000;

const limit = (dflt: number, description: string) =>
  Type.Integer({ minimum: 1, maximum: 10000, default: dflt, description, examples: [50] });

/** What every complexity operation is computed over: a year, a product level, an edition and two thresholds. */
const COMPUTED_OVER = {
  year: Type.Optional(
    Type.String({
      'x-date': 'year',
      description: 'the year, written YYYY (default: the latest year with data)',
      examples: ['2023'],
    }),
  ),
  level: StringEnum(COMPLEXITY_LEVELS, {
    default: 'hs4',
    description: 'products as HS6 flows summed to their 4-digit heading (hs4), or as HS6 codes (hs6)',
    examples: ['hs4'],
  }),
  hs_version: Type.Optional(
    Type.Integer({
      minimum: 1988,
      maximum: 2100,
      description:
        'the HS edition it is computed in (default: the one every flow of the year was reported in; with ' +
        'several, the earliest with a loaded conversion table): flows of later editions are converted into it',
      examples: [2022],
    }),
  ),
  min_country_exports: Type.Integer({
    minimum: 0,
    maximum: 1e15,
    default: MIN_COUNTRY_EXPORTS_DEFAULT,
    description: 'USD: leave out countries whose exports of every product in the year add up to less',
    examples: [MIN_COUNTRY_EXPORTS_DEFAULT],
  }),
  min_product_trade: Type.Integer({
    minimum: 0,
    maximum: 1e15,
    default: MIN_PRODUCT_TRADE_DEFAULT,
    description: 'USD: leave out products whose exports by every exporter in the year add up to less',
    examples: [MIN_PRODUCT_TRADE_DEFAULT],
  }),
};

export const ComplexityRankingQuery = Type.Object({
  ...COMPUTED_OVER,
  limit: limit(10000, 'rows to return (default: all of them)'),
});
export const ComplexityNeighboursQuery = Type.Object({ ...COMPUTED_OVER, limit: limit(100, 'rows to return') });

/** What every complexity row also says: what it was computed for. */
const COMPUTED_FOR = {
  year: Type.Integer({ description: 'the year it was computed for' }),
  level: StringEnum(COMPLEXITY_LEVELS, { description: 'the product level it was computed at' }),
  hs_version: Type.Integer({ description: 'the HS edition it was computed in' }),
};
const product = Type.String({ description: 'the product: an HS4 or HS6 code (by level), zero-padded' });

const row = <P extends TProperties>(
  title: string,
  description: string,
  properties: P,
): TObject<P & typeof COMPUTED_FOR> => Type.Object({ ...properties, ...COMPUTED_FOR }, { title, description });

export const CountryComplexitySchema = withExample(
  row('CountryComplexity', "A country's economic complexity in a year.", {
    country: Type.String({ description: 'ISO2 code' }),
    eci: Type.Number({ description: 'Economic Complexity Index: a z-score over the kept countries' }),
    coi: Type.Number({ description: 'Complexity Outlook Index: a z-score over the kept countries' }),
    rank: Type.Integer({ description: '1-based position by eci' }),
    diversity: Type.Integer({ description: 'products it exports with RCA ≥ 1' }),
    exports_usd: Type.Number({ description: 'its exports of the kept products, in US dollars' }),
  }),
  {
    country: 'JP',
    eci: 2.14,
    coi: 0.87,
    rank: 1,
    diversity: 312,
    exports_usd: 712_300_000_000,
    year: 2023,
    level: 'hs4',
    hs_version: 2022,
  },
);

export const ProductComplexitySchema = withExample(
  row('ProductComplexity', "A product's complexity in a year.", {
    product,
    pci: Type.Number({ description: "Product Complexity Index, standardised with ECI's mean and deviation" }),
    rank: Type.Integer({ description: '1-based position by pci' }),
    ubiquity: Type.Integer({ description: 'countries that export it with RCA ≥ 1' }),
    world_exports_usd: Type.Number({ description: 'the kept countries’ exports of it, in US dollars' }),
  }),
  {
    product: '8486',
    pci: 2.41,
    rank: 1,
    ubiquity: 6,
    world_exports_usd: 98_500_000_000,
    year: 2023,
    level: 'hs4',
    hs_version: 2022,
  },
);

export const OpportunitySchema = withExample(
  row('Opportunity', 'A product a country does not export with RCA ≥ 1, and what exporting it would bring.', {
    product,
    density: Type.Number({ description: "how close it is to the country's exports with RCA ≥ 1, in [0, 1]" }),
    cog: Type.Number({ description: 'complexity outlook gain: what exporting it would add to the country’s outlook' }),
    pci: Type.Number({ description: 'its Product Complexity Index' }),
    rca: Type.Number({ description: "Balassa's index of the country's exports of it (below 1; 0 when none)" }),
    value_usd: Type.Number({ description: "the country's exports of it, in US dollars (0 when none)" }),
  }),
  {
    product: '8541',
    density: 0.31,
    cog: 1.18,
    pci: 1.52,
    rca: 0.42,
    value_usd: 210_000_000,
    year: 2023,
    level: 'hs4',
    hs_version: 2022,
  },
);

export const RelatedProductSchema = withExample(
  row('RelatedProduct', 'A product and its proximity to the one asked about.', {
    product,
    proximity: Type.Number({
      description: 'the share of countries exporting one with RCA ≥ 1 that export both (the smaller conditional)',
    }),
  }),
  { product: '8542', proximity: 0.62, year: 2023, level: 'hs4', hs_version: 2022 },
);
