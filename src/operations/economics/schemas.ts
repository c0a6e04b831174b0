import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../../http/schemas.js';
import { FREQUENCIES, INDICATOR_GROUPS } from '../../economics/catalogue.js';
import { OBS_STATUSES, TRANSFORMS } from '../../economics/transforms.js';

const DateString = Type.String({ format: 'date' });
const DateTimeString = Type.String({ format: 'date-time' });

export const CountrySchema = Type.Object(
  {
    country_id: Type.String({ description: 'ISO 3166-1 alpha-3, or a short code for an aggregate (EMU)' }),
    name: Type.String(),
    slug: Type.String(),
    iso2: Nullable(Type.String()),
    kind: StringEnum(['country', 'aggregate']),
    groups: Type.Array(Type.String()),
  },
  { title: 'Country' },
);

export const IndicatorSchema = Type.Object(
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
);

export const LatestValueSchema = Type.Object(
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
  },
  { title: 'LatestValue' },
);

export const HistoryPointSchema = Type.Object(
  {
    series_id: Type.String(),
    country_id: Type.String(),
    kpi_id: Type.String(),
    date: DateString,
    value: Type.Number(),
    frequency: Type.String(),
    obs_status: Type.Optional(StringEnum(OBS_STATUSES)),
    last_update: Nullable(DateTimeString),
  },
  { title: 'HistoryPoint' },
);

export const SearchResultSchema = Type.Object(
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
);

export const UpdateItemSchema = Type.Object(
  {
    series_id: Type.String(),
    country_id: Type.String(),
    kpi_id: Type.String(),
    slug: Type.String(),
    last_update: DateTimeString,
  },
  { title: 'UpdateItem' },
);

const CountryParam = Type.Optional(
  Type.String({
    'x-list': { item: 'token' },
    description: 'ISO3, ISO2, slug or group token (g7, g20, emu, eu, oecd, brics); comma-separated list',
  }),
);
const IndicatorParam = Type.Optional(
  Type.String({ 'x-list': { item: 'token' }, description: 'kpi_id, slug or alias; comma-separated list' }),
);

export const LatestQuery = Type.Object({
  country: CountryParam,
  indicator: IndicatorParam,
  group: Type.Optional(Type.String({ description: `indicator group: ${INDICATOR_GROUPS.join(', ')}` })),
});

export const HistoryQuery = Type.Object(
  {
    country: CountryParam,
    indicator: IndicatorParam,
    from: Type.Optional(
      Type.String({ 'x-date': 'date', description: 'a date written YYYY or YYYY-MM-DD (inclusive)' }),
    ),
    to: Type.Optional(Type.String({ 'x-date': 'date', description: 'a date written YYYY or YYYY-MM-DD (inclusive)' })),
    transform: StringEnum(TRANSFORMS, { default: 'none' }),
    cursor: Type.Optional(
      Type.String({ 'x-trimmed': { min: 1, max: 1000 }, description: 'next_cursor of the previous page' }),
    ),
  },
  { 'x-range': 'date' },
);

export const SearchQuery = Type.Object(
  {
    q: Type.String({ 'x-trimmed': { min: 1, max: 200 }, description: 'free text, 1 to 200 characters after trimming' }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
  },
  { required: ['q'] },
);

export const UpdatesQuery = Type.Object(
  {
    since: Type.String({ 'x-date': 'datetime', description: 'ISO 8601 date-time; a plain date means 00:00 UTC' }),
    country: CountryParam,
  },
  { required: ['since'] },
);
