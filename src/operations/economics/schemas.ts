import { Type } from '@sinclair/typebox';
import { CURSOR_EXAMPLE, Nullable, StringEnum, withExample } from '../../http/schemas.js';
import { FREQUENCIES, INDICATOR_GROUPS } from '../../economics/catalogue.js';
import { AGGREGATIONS, TARGET_FREQUENCIES } from '../../economics/aggregation.js';
import { OBS_STATUSES, TRANSFORMS } from '../../economics/transforms.js';

const DateString = Type.String({ format: 'date' });
const DateTimeString = Type.String({ format: 'date-time' });

export const CountrySchema = withExample(
  Type.Object(
    {
      country_id: Type.String({ description: 'ISO 3166-1 alpha-3, or a short code for an aggregate (EMU)' }),
      name: Type.String(),
      slug: Type.String(),
      iso2: Nullable(Type.String()),
      kind: StringEnum(['country', 'aggregate']),
      groups: Type.Array(Type.String()),
    },
    { title: 'Country' },
  ),
  {
    country_id: 'DEU',
    name: 'Germany',
    slug: 'germany',
    iso2: 'DE',
    kind: 'country',
    groups: ['g7', 'g20', 'emu', 'eu', 'oecd'],
  },
);

export const IndicatorSchema = withExample(
  Type.Object(
    {
      kpi_id: Type.String(),
      slug: Type.String(),
      name: Type.String(),
      group: StringEnum(INDICATOR_GROUPS),
      unit: Type.String(),
      unit_code: Type.String(),
      frequency: StringEnum(FREQUENCIES),
      description: Nullable(Type.String()),
      aliases: Type.Array(Type.String()),
    },
    { title: 'Indicator' },
  ),
  {
    kpi_id: 'CPI_YOY',
    slug: 'cpi-inflation',
    name: 'CPI inflation',
    group: 'prices',
    unit: 'Percent change from a year earlier',
    unit_code: 'PCT_YOY',
    frequency: 'monthly',
    description: 'Consumer price index, change from the same month a year earlier.',
    aliases: ['inflation', 'cpi'],
  },
);

export const LatestValueSchema = withExample(
  Type.Object(
    {
      series_id: Type.String(),
      country_id: Type.String(),
      country: Type.String(),
      kpi_id: Type.String(),
      indicator: Type.String(),
      slug: Type.String({ description: 'the indicator slug' }),
      group: Type.String(),
      latest_value: Type.Number(),
      latest_value_date: DateString,
      previous_value: Nullable(Type.Number()),
      previous_value_date: Nullable(DateString),
      highest_value: Nullable(Type.Number()),
      highest_value_date: Nullable(DateString),
      lowest_value: Nullable(Type.Number()),
      lowest_value_date: Nullable(DateString),
      unit: Type.String(),
      unit_code: Type.String(),
      frequency: Type.String(),
      adjustment: Nullable(Type.String()),
      source_name: Type.String(),
      source_url: Type.String(),
      license_id: Type.String(),
      attribution_text: Type.String(),
      first_value_date: Nullable(DateString),
      last_update: Nullable(DateTimeString),
      realtime_start: Type.Optional({
        ...DateString,
        description: 'with as_of: the day the latest value became known',
      }),
    },
    { title: 'LatestValue' },
  ),
  {
    series_id: 'DEU.CPI_YOY',
    country_id: 'DEU',
    country: 'Germany',
    kpi_id: 'CPI_YOY',
    indicator: 'CPI inflation',
    slug: 'cpi-inflation',
    group: 'prices',
    latest_value: 2.4,
    latest_value_date: '2026-05-01',
    previous_value: 2.1,
    previous_value_date: '2026-04-01',
    highest_value: 8.8,
    highest_value_date: '2022-10-01',
    lowest_value: -0.5,
    lowest_value_date: '2009-07-01',
    unit: 'Percent change from a year earlier',
    unit_code: 'PCT_YOY',
    frequency: 'monthly',
    adjustment: 'not seasonally adjusted',
    source_name: 'Eurostat',
    source_url: 'https://ec.europa.eu/eurostat',
    license_id: 'CC-BY-4.0',
    attribution_text: 'Source: Eurostat',
    first_value_date: '2000-01-01',
    last_update: '2026-06-05T08:38:17Z',
  },
);

export const HistoryPointSchema = withExample(
  Type.Object(
    {
      series_id: Type.String(),
      country_id: Type.String(),
      kpi_id: Type.String(),
      date: DateString,
      value: Type.Number(),
      frequency: Type.String(),
      obs_status: Type.Optional(StringEnum(OBS_STATUSES)),
      last_update: Nullable(DateTimeString),
      realtime_start: Type.Optional({
        ...DateString,
        description: "with as_of: the day the period's own value became known (a transform's too)",
      }),
    },
    { title: 'HistoryPoint' },
  ),
  {
    series_id: 'DEU.CPI_YOY',
    country_id: 'DEU',
    kpi_id: 'CPI_YOY',
    date: '2024-01-01',
    value: 2.9,
    frequency: 'monthly',
    obs_status: 'final',
    last_update: '2026-06-05T08:38:17Z',
  },
);

export const SearchResultSchema = withExample(
  Type.Object(
    {
      type: StringEnum(['country', 'indicator', 'series']),
      title: Type.String(),
      series_id: Nullable(Type.String()),
      country_id: Nullable(Type.String()),
      kpi_id: Nullable(Type.String()),
      slug: Nullable(Type.String()),
      latest_value: Nullable(Type.Number()),
      latest_value_date: Nullable(DateString),
      unit: Nullable(Type.String()),
      frequency: Nullable(Type.String()),
    },
    { title: 'SearchResult' },
  ),
  {
    type: 'series',
    title: 'Germany - CPI inflation',
    series_id: 'DEU.CPI_YOY',
    country_id: 'DEU',
    kpi_id: 'CPI_YOY',
    slug: 'cpi-inflation',
    latest_value: 2.4,
    latest_value_date: '2026-05-01',
    unit: 'Percent change from a year earlier',
    frequency: 'monthly',
  },
);

export const UpdateItemSchema = withExample(
  Type.Object(
    {
      series_id: Type.String(),
      country_id: Type.String(),
      kpi_id: Type.String(),
      slug: Type.String(),
      last_update: DateTimeString,
    },
    { title: 'UpdateItem' },
  ),
  {
    series_id: 'DEU.CPI_YOY',
    country_id: 'DEU',
    kpi_id: 'CPI_YOY',
    slug: 'cpi-inflation',
    last_update: '2026-06-05T08:38:17Z',
  },
);

const CountryParam = Type.Optional(
  Type.String({
    'x-list': { item: 'token' },
    description: 'ISO3, ISO2, slug or group token (g7, g20, emu, eu, oecd, brics); comma-separated list',
    examples: ['DEU,FRA'],
  }),
);
const IndicatorParam = Type.Optional(
  Type.String({
    'x-list': { item: 'token' },
    description: 'kpi_id, slug or alias; comma-separated list',
    examples: ['CPI_YOY'],
  }),
);

/** `from` or `to` of history. */
const dateBound = (bound: string, example: string) =>
  Type.Optional(
    Type.String({
      'x-date': 'date',
      description: `the ${bound} date, written YYYY or YYYY-MM-DD (inclusive)`,
      examples: [example],
    }),
  );

/** `as_of` (§3): a day, the answer as it was known at its end. */
export const AsOfParam = Type.Optional(
  Type.String({
    'x-date': 'date',
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    description:
      'a day written YYYY-MM-DD: the observations as they were known at its end (UTC), each point with ' +
      'realtime_start, the day its value became known; a value not yet published then is absent',
    examples: ['2024-06-30'],
  }),
);

export const LatestQuery = Type.Object({
  country: CountryParam,
  indicator: IndicatorParam,
  group: Type.Optional(
    Type.String({ description: `indicator group: ${INDICATOR_GROUPS.join(', ')}`, examples: ['prices'] }),
  ),
  as_of: AsOfParam,
});

export const HistoryQuery = Type.Object(
  {
    country: CountryParam,
    indicator: IndicatorParam,
    from: dateBound('first', '2020'),
    to: dateBound('last', '2024-06-30'),
    as_of: AsOfParam,
    transform: StringEnum(TRANSFORMS, {
      default: 'none',
      description:
        'computed on the whole series before from/to apply: none, yoy, mom, log_diff, 3mma (3-period mean), ' +
        "or FRED's units: chg (change), ch1 (change from a year ago), pch (percent change), pc1 (percent " +
        'change from a year ago), pca (compounded annual rate of change), cch (continuously compounded ' +
        'rate of change), cca (continuously compounded annual rate of change), log (natural log)',
      examples: ['yoy'],
    }),
    frequency: Type.Optional(
      StringEnum(TARGET_FREQUENCIES, {
        description:
          "answer at this frequency, lower than every matching series' own (a 422 names a series that is not): " +
          'each period from its sub-periods, only when all are there (3 months a quarter, 12 a year, 4 quarters ' +
          'a year; from daily data, any day), dated by its first day; the transform applies after',
        examples: ['annual'],
      }),
    ),
    aggregation: Type.Optional(
      StringEnum(AGGREGATIONS, {
        description: 'with frequency: avg (the mean, by default), sum, or eop (the last observation of the period)',
        examples: ['sum'],
      }),
    ),
    cursor: Type.Optional(
      Type.String({
        'x-trimmed': { min: 1, max: 1000 },
        'x-cursor': true,
        description: 'next_cursor of the previous page, with the same other parameters',
        examples: [CURSOR_EXAMPLE],
      }),
    ),
  },
  { 'x-range': 'date' },
);

export const SearchQuery = Type.Object(
  {
    q: Type.String({
      'x-trimmed': { min: 1, max: 200 },
      description: 'free text, 1 to 200 characters after trimming',
      examples: ['germany inflation'],
    }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'results to return', examples: [10] }),
  },
  { required: ['q'] },
);

export const UpdatesQuery = Type.Object(
  {
    since: Type.String({
      'x-date': 'datetime',
      description: 'ISO 8601 date-time; a plain date means 00:00 UTC',
      examples: ['2026-06-01T00:00:00Z'],
    }),
    country: CountryParam,
  },
  { required: ['since'] },
);

export const VintagesQuery = Type.Object(
  {
    country: CountryParam,
    indicator: IndicatorParam,
    from: dateBound('first vintage', '2024'),
    to: dateBound('last vintage', '2024-12-31'),
  },
  { 'x-range': 'date' },
);

export const VintagesSchema = withExample(
  Type.Object(
    {
      series_id: Type.String(),
      vintage_dates: Type.Array(DateString, { description: 'the days the data of the series changed, ascending' }),
    },
    { title: 'Vintages' },
  ),
  { series_id: 'USA.GDP_REAL_QOQ', vintage_dates: ['2024-04-30', '2024-05-30', '2024-06-29'] },
);
