import { Type, type Static } from '@sinclair/typebox';
import { continents, getCountryDataList } from 'countries-list';
import { slugify } from '../text.js';
import { ReferenceDataError, deepFreeze, loadReference, type Frozen } from './load.js';

/**
 * The country table (`countries.json`): one row per country with reference
 * figures, and the aggregates of the economics catalogue. Rows are sorted by ISO3,
 * aggregates last. Also the ISO 3166 list of the countries and territories of trade.
 */

export const COUNTRIES_FILE = 'countries.json';

const Positive = Type.Number({ exclusiveMinimum: 0 });
const Percent = Type.Number({ minimum: 0, maximum: 100 });
export const Iso2 = Type.String({ pattern: '^[A-Z]{2}$' });
export const Iso3 = Type.String({ pattern: '^[A-Z]{3}$' });

/** Central banks whose rate paths countries follow, and `own`: a rate set from domestic inflation. */
const POLICIES = ['fed', 'ecb', 'boe', 'boj', 'snb', 'own'] as const;

/** What the generated economics sample is scaled to, for the countries and aggregates of its catalogue. */
const Economy = Type.Object(
  {
    /** Population 2023, millions. */
    popM: Positive,
    /** Typical unemployment rate, %. */
    unemployment: Percent,
    /** General government gross debt 2023, % of GDP. */
    debt: Type.Number({ minimum: 0 }),
    /** Currency code and its average rate per USD in 2023. */
    currency: Type.String({ pattern: '^[A-Z]{3}$' }),
    fx2023: Positive,
    /** Typical consumer-price inflation, % a year. */
    inflation: Type.Number(),
    /** Trend real growth, % a year. */
    growth: Type.Number(),
    /** Central bank whose rate path the policy rate follows; `own` = set from domestic inflation. */
    policy: Type.Union(POLICIES.map((policy) => Type.Literal(policy))),
    /** Exports of goods as a share of GDP (0–1). */
    openness: Type.Number({ minimum: 0, maximum: 1 }),
    /** Government revenue, % of GDP. */
    revenue: Percent,
  },
  { additionalProperties: false },
);

const CountryRow = Type.Object(
  {
    iso3: Iso3,
    /** null for aggregates. */
    iso2: Type.Union([Iso2, Type.Null()]),
    name: Type.String({ minLength: 1 }),
    kind: Type.Union([Type.Literal('country'), Type.Literal('aggregate')]),
    /** Nominal GDP 2023, billions of USD. */
    gdpBn: Positive,
    /** How much more (or less) the country exports than its GDP alone says, in the trade sample; 1 when absent. */
    exportPropensity: Type.Optional(Positive),
    /** The same for imports. */
    importPropensity: Type.Optional(Positive),
    economy: Type.Optional(Economy),
  },
  { additionalProperties: false },
);

export const CountriesFileSchema = Type.Object(
  { about: Type.String(), countries: Type.Array(CountryRow, { minItems: 1 }) },
  { additionalProperties: false },
);

export type Country = Frozen<Static<typeof CountryRow>>;
export type CountryEconomy = Frozen<Static<typeof Economy>>;

/** A country or aggregate of the economics catalogue, with what its generated sample is scaled to. */
export type CountryProfile = Frozen<{
  iso3: string;
  iso2: string | null;
  name: string;
  /** The name as a URL slug. */
  slug: string;
  kind: 'country' | 'aggregate';
  /** Nominal GDP 2023, billions of USD. */
  gdpBn: number;
}> &
  CountryEconomy;

/** Every row of the country table, in its order (ISO3, aggregates last). */
export const COUNTRIES: readonly Country[] = loadReference(COUNTRIES_FILE, CountriesFileSchema).countries;

const BY_ISO3 = new Map(COUNTRIES.map((c) => [c.iso3, c]));
const BY_ISO2 = new Map(COUNTRIES.filter((c) => c.iso2 !== null).map((c) => [c.iso2!, c]));
if (BY_ISO3.size !== COUNTRIES.length || BY_ISO2.size !== COUNTRIES.filter((c) => c.iso2 !== null).length) {
  throw new ReferenceDataError(`reference data ${COUNTRIES_FILE}: an ISO code is used twice`);
}

export function countryByIso3(iso3: string): Country | undefined {
  return BY_ISO3.get(iso3);
}

export function countryByIso2(iso2: string): Country | undefined {
  return BY_ISO2.get(iso2);
}

/** The countries and aggregates of the economics catalogue, in table order, with their sample profile. */
export const COUNTRY_PROFILES: readonly CountryProfile[] = deepFreeze(
  COUNTRIES.flatMap(({ iso3, iso2, name, kind, gdpBn, economy }) =>
    economy ? [{ iso3, iso2, name, slug: slugify(name), kind, gdpBn, ...economy }] : [],
  ),
);

/** A trade partner of the ISO 3166 list, with its continent as region. */
export interface TradeCountryRef {
  iso2: string;
  iso3: string;
  name: string;
  region: string;
}

// Not countries of trade: uninhabited, or without a customs record of their own.
const NOT_TRADING = new Set(['AQ', 'BV', 'HM', 'GS', 'UM', 'TF', 'XK', 'AC', 'TA', 'IO', 'SJ']);

/** Every ISO 3166 country or territory that trades (from the `countries-list` package), sorted by ISO2. */
export function tradeCountryList(): TradeCountryRef[] {
  return getCountryDataList()
    .filter((c) => !NOT_TRADING.has(c.iso2))
    .map((c) => ({ iso2: c.iso2, iso3: c.iso3, name: c.name, region: continents[c.continent] }))
    .sort((a, b) => (a.iso2 < b.iso2 ? -1 : 1));
}
