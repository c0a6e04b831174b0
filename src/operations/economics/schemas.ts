import { Type } from '@sinclair/typebox';
import { CURSOR_EXAMPLE, Nullable, StringEnum, withExample } from '../../http/schemas.js';
import { FREQUENCIES, INDICATOR_GROUPS } from '../../economics/catalogue.js';
import { AGGREGATIONS, TARGET_FREQUENCIES } from '../../economics/aggregation.js';
import { OBS_STATUSES, TRANSFORMS } from '../../economics/transforms.js';

/** A date, YYYY-MM-DD (a period is dated by its first day). */
const date = (description: string) => Type.String({ format: 'date', description });
/** A date-time, ISO 8601 in UTC with Z. */
const dateTime = (description: string) => Type.String({ format: 'date-time', description });

const COUNTRY_ID =
  'ISO 3166-1 alpha-3 code of the country, upper case (DEU), or a short upper-case code for an aggregate (EMU)';
const KPI_ID = 'the indicator id, upper case [A-Z0-9_]+ (CPI_YOY)';
const SERIES_ID = 'the series id, <country_id>.<kpi_id> (DEU.CPI_YOY)';
const INDICATOR_SLUG = 'the indicator slug: lower-case ASCII words joined by - (cpi-inflation)';
const UNIT = "the unit of the indicator's values, in words (Percent change from a year earlier)";
const LAST_UPDATE =
  "UTC date-time (ISO 8601, Z) at which the series' data last changed in this service; null when unknown";
const SERIES_FREQUENCY = "the series' own frequency: daily, monthly, quarterly or annual";

export const CountrySchema = withExample(
  Type.Object(
    {
      country_id: Type.String({ description: COUNTRY_ID }),
      name: Type.String({ description: 'the English name' }),
      slug: Type.String({ description: 'lower-case ASCII words joined by - (united-states)' }),
      iso2: Nullable(Type.String(), {
        description: 'ISO 3166-1 alpha-2 code, upper case (DE); null for an aggregate',
      }),
      kind: StringEnum(['country', 'aggregate'], {
        description: 'country, or aggregate (a group of countries with figures of its own, such as the euro area)',
      }),
      groups: Type.Array(Type.String(), {
        description: 'the groups it belongs to, lower-case tokens from g7, g20, emu, eu, oecd, brics',
      }),
    },
    { title: 'Country', description: 'A country or aggregate with at least one economic series.' },
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
      kpi_id: Type.String({ description: KPI_ID }),
      slug: Type.String({ description: INDICATOR_SLUG }),
      name: Type.String({ description: 'the English name' }),
      group: StringEnum(INDICATOR_GROUPS, { description: `the indicator group: ${INDICATOR_GROUPS.join(', ')}` }),
      unit: Type.String({ description: UNIT }),
      unit_code: Type.String({
        description: 'the unit as a short code (PCT_YOY)',
      }),
      frequency: StringEnum(FREQUENCIES, {
        description: `how often the indicator is observed: ${FREQUENCIES.join(', ')}`,
      }),
      description: Nullable(Type.String(), { description: 'what the indicator measures, in a sentence; null if none' }),
      aliases: Type.Array(Type.String(), {
        description: 'other names accepted by the indicator filter (inflation, cpi)',
      }),
    },
    { title: 'Indicator', description: 'An indicator with at least one series.' },
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
      series_id: Type.String({ description: SERIES_ID }),
      country_id: Type.String({ description: COUNTRY_ID }),
      country: Type.String({ description: "the country's English name" }),
      kpi_id: Type.String({ description: KPI_ID }),
      indicator: Type.String({ description: "the indicator's English name" }),
      slug: Type.String({ description: INDICATOR_SLUG }),
      group: Type.String({ description: `the indicator group: ${INDICATOR_GROUPS.join(', ')}` }),
      latest_value: Type.Number({ description: 'the last observation, raw (no transform), in `unit`' }),
      latest_value_date: date('the date of the last observation, YYYY-MM-DD (a period is dated by its first day)'),
      previous_value: Nullable(Type.Number(), {
        description: 'the observation before the last, in `unit`; null when there is only one',
      }),
      previous_value_date: Nullable(date('YYYY-MM-DD'), { description: 'its date, YYYY-MM-DD; null with it' }),
      highest_value: Nullable(Type.Number(), {
        description: 'the highest observation of the whole history, in `unit`',
      }),
      highest_value_date: Nullable(date('YYYY-MM-DD'), { description: 'its date, YYYY-MM-DD' }),
      lowest_value: Nullable(Type.Number(), { description: 'the lowest observation of the whole history, in `unit`' }),
      lowest_value_date: Nullable(date('YYYY-MM-DD'), { description: 'its date, YYYY-MM-DD' }),
      unit: Type.String({ description: UNIT }),
      unit_code: Type.String({ description: 'the unit as a short code (PCT_YOY)' }),
      frequency: Type.String({ description: SERIES_FREQUENCY }),
      adjustment: Nullable(Type.String(), {
        description: 'the seasonal adjustment of the series in words (not seasonally adjusted); null if not stated',
      }),
      source_name: Type.String({ description: 'the organisation that publishes the series (Eurostat)' }),
      source_url: Type.String({ description: "the source's web address" }),
      license_id: Type.String({ description: "the source's licence (SPDX identifier where one exists)" }),
      attribution_text: Type.String({ description: 'the attribution to show with the figures' }),
      first_value_date: Nullable(date('YYYY-MM-DD'), {
        description: 'the date of the first observation of the series, YYYY-MM-DD',
      }),
      last_update: Nullable(dateTime('ISO 8601 UTC'), {
        description: `${LAST_UPDATE}; with as_of, 00:00 UTC of the latest day on which a value known then became known`,
      }),
      realtime_start: Type.Optional(date('with as_of: the day the latest value became known, YYYY-MM-DD')),
    },
    {
      title: 'LatestValue',
      description: 'The last observation of a series, with the one before it and the extremes of its history.',
    },
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
      series_id: Type.String({ description: SERIES_ID }),
      country_id: Type.String({ description: COUNTRY_ID }),
      kpi_id: Type.String({ description: KPI_ID }),
      date: date('the first day of the period, YYYY-MM-DD (Q3 2024 is 2024-07-01, year 2024 is 2024-01-01)'),
      value: Type.Number({
        description:
          "the observation in the indicator's unit; with transform, the transform's result: yoy, mom, pch, pc1, " +
          "pca, cch and cca in percent; chg, ch1 and 3mma in the indicator's unit; log_diff and log in natural logs",
      }),
      frequency: Type.String({
        description: "the frequency of the points: the requested frequency, else the series' own",
      }),
      obs_status: Type.Optional(
        StringEnum(OBS_STATUSES, { description: `when the source states it: ${OBS_STATUSES.join(', ')}` }),
      ),
      last_update: Nullable(dateTime('ISO 8601 UTC'), { description: LAST_UPDATE }),
      realtime_start: Type.Optional(
        date("with as_of: the day the period's own value became known (a transform's too), YYYY-MM-DD"),
      ),
    },
    { title: 'HistoryPoint', description: 'One observation of a series.' },
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
      type: StringEnum(['country', 'indicator', 'series'], {
        description: 'what was found: a country, an indicator or a series; fields that do not apply are null',
      }),
      title: Type.String({
        description: 'the name of the country or indicator; for a series, "<country> - <indicator>"',
      }),
      series_id: Nullable(Type.String(), { description: `${SERIES_ID}; series only` }),
      country_id: Nullable(Type.String(), { description: `${COUNTRY_ID}; country and series` }),
      kpi_id: Nullable(Type.String(), { description: `${KPI_ID}; indicator and series` }),
      slug: Nullable(Type.String(), {
        description: "the country's slug for a country, the indicator's for an indicator or a series",
      }),
      latest_value: Nullable(Type.Number(), { description: 'series only: the last observation, in `unit`' }),
      latest_value_date: Nullable(date('YYYY-MM-DD'), { description: 'series only: its date, YYYY-MM-DD' }),
      unit: Nullable(Type.String(), { description: `${UNIT}; indicator and series` }),
      frequency: Nullable(Type.String(), {
        description: 'daily, monthly, quarterly or annual; indicator and series',
      }),
    },
    { title: 'SearchResult', description: 'A country, indicator or series matching the query.' },
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
      series_id: Type.String({ description: SERIES_ID }),
      country_id: Type.String({ description: COUNTRY_ID }),
      kpi_id: Type.String({ description: KPI_ID }),
      slug: Type.String({ description: INDICATOR_SLUG }),
      last_update: dateTime(
        "UTC date-time (ISO 8601, Z) at which the series' data last changed in this service; after `since`",
      ),
    },
    { title: 'UpdateItem', description: 'A series whose data changed after `since`.' },
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
      series_id: Type.String({ description: SERIES_ID }),
      vintage_dates: Type.Array(date('YYYY-MM-DD'), {
        description: 'the days (YYYY-MM-DD) the data of the series changed, ascending',
      }),
    },
    { title: 'Vintages', description: 'The days on which the data of one series changed.' },
  ),
  { series_id: 'USA.GDP_REAL_QOQ', vintage_dates: ['2024-04-30', '2024-05-30', '2024-06-29'] },
);
