import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { INDICATOR_FREQUENCIES } from '../../reference/indicators.js';
import { TRANSFORMS } from '../../economics/transforms.js';

/**
 * The source catalogue's file format (CONTRACT §7): a file is a JSON object
 * `{ "about"?: "…", "sources": [ … ] }` holding the sources of one agency or dataset;
 * a source is one request family at one agency. The fields every source has are
 * below; each provider adds its own. Which catalogue series a source feeds is read
 * from its mapping (see feeds.ts).
 */

/** The providers a source can name, each with its own request fields. */
export const PROVIDERS = ['sdmx', 'worldbank', 'fred'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** What `verified_by` says when no recorded message of the agency confirms the source's keys. */
export const UNVERIFIED = 'unverified';

const Text = Type.String({ minLength: 1 });
const KpiId = Type.String({ pattern: '^[A-Z][A-Z0-9_]*$' });
const CountryId = Type.String({ pattern: '^[A-Z]{3}$' });
const Frequency = Type.Union(INDICATOR_FREQUENCIES.map((f) => Type.Literal(f)));
/** The transforms of §3 a source may derive its series with (`none` is what leaving it out means). */
const Derive = Type.Union(TRANSFORMS.filter((t) => t !== 'none').map((t) => Type.Literal(t)));
const HttpUrl = Type.String({ pattern: '^https?://[^\\s]+$' });

/** The provenance LatestValue carries (§3), as every series the source feeds records it. */
const Provenance = Type.Object(
  { source_name: Text, source_url: HttpUrl, license_id: Text, attribution_text: Text },
  { additionalProperties: false },
);

/**
 * `unverified`, or the path of a recorded answer or structure message of the agency
 * that confirms the source's keys: a file kept with the project's tests (`test/…`),
 * or one of the shared real data (`../shared/data/…`), relative to the repository root.
 */
const VerifiedBy = Type.Union([
  Type.Literal(UNVERIFIED),
  Type.String({ pattern: '^(test/|\\.\\./shared/data/)[A-Za-z0-9._/+-]+$' }),
]);

const common = {
  id: Type.String({ pattern: '^[a-z0-9-]+$', maxLength: 80 }),
  url: HttpUrl,
  provenance: Provenance,
  /** The frequency of the fetched series, where the answer does not say it. */
  frequency: Type.Optional(Frequency),
  /** A multiplier applied to every value (1e6 for an answer in millions). */
  scale: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
  /** A transform of §3 applied to the fetched series (kept whole) to make the served one. */
  derive: Type.Optional(Derive),
  /** Feeds a series only where the other source of the same kpi_id × country_id has none. */
  fallback: Type.Optional(Type.Boolean()),
  verified_by: VerifiedBy,
  /** Free text for the people who keep the catalogue (what differs from the catalogue's definition …). */
  note: Type.Optional(Type.String()),
};

/** A per-series rule of an SDMX source: the series whose dimensions have these values feed `kpi_id`. */
const SeriesRule = Type.Object(
  {
    match: Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }), Text, { minProperties: 1 }),
    kpi_id: KpiId,
    frequency: Type.Optional(Frequency),
    scale: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
    derive: Type.Optional(Derive),
  },
  { additionalProperties: false },
);

/** The agency's codes (keys) of the country dimension → catalogue country_id. */
const CountryMap = Type.Record(Type.String({ pattern: '^[A-Za-z0-9_]+$' }), CountryId, { minProperties: 1 });

export const SdmxSource = Type.Object(
  {
    ...common,
    provider: Type.Literal('sdmx'),
    rest_version: Type.Optional(Type.Union([Type.Literal('2.1'), Type.Literal('3.0')])),
    /** `AGENCY,ID,VERSION` (`latest` in 2.1, `~` in 3.0 for the latest version) or `ID`. */
    flow: Type.String({ pattern: '^[A-Za-z0-9_.@-]+(,[A-Za-z0-9_.@-]+,[A-Za-z0-9_.+*~-]+)?$' }),
    /** Dot-separated dimension values, `+` between alternatives, empty positions (and an empty key) for all. */
    key: Type.String({ pattern: '^[A-Za-z0-9_@+.*-]*$' }),
    country_dimension: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]*$' }),
    countries: CountryMap,
    /** The indicator every series of the answer feeds; or `series`, one rule per indicator. */
    kpi_id: Type.Optional(KpiId),
    series: Type.Optional(Type.Array(SeriesRule, { minItems: 1 })),
  },
  { additionalProperties: false },
);

export const WorldBankSource = Type.Object(
  {
    ...common,
    provider: Type.Literal('worldbank'),
    indicator: Type.String({ pattern: '^[A-Za-z0-9_.]+$' }),
    /** ISO3 codes (the World Bank's own, `EMU` the euro area), or `all`. */
    countries: Type.Union([Type.Literal('all'), Type.Array(CountryId, { minItems: 1, uniqueItems: true })]),
    kpi_id: KpiId,
  },
  { additionalProperties: false },
);

export const FredSource = Type.Object(
  {
    ...common,
    provider: Type.Literal('fred'),
    series_id: Type.String({ pattern: '^[A-Za-z0-9_]+$' }),
    kpi_id: KpiId,
    country: CountryId,
  },
  { additionalProperties: false },
);

export type SdmxSource = Static<typeof SdmxSource>;
export type WorldBankSource = Static<typeof WorldBankSource>;
export type FredSource = Static<typeof FredSource>;
export type Source = SdmxSource | WorldBankSource | FredSource;

/** Each provider's schema, chosen by a source's `provider` before it is checked. */
export const SOURCE_SCHEMAS: Record<Provider, TSchema> = {
  sdmx: SdmxSource,
  worldbank: WorldBankSource,
  fred: FredSource,
};

/** A file's envelope; each element of `sources` is then checked against its provider's schema. */
export const SourceFileEnvelope = Type.Object(
  {
    about: Type.Optional(Type.String()),
    sources: Type.Array(Type.Object({ provider: Type.String() }), { minItems: 1 }),
  },
  { additionalProperties: false },
);
