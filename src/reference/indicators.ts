import { Type, type Static } from '@sinclair/typebox';
import { ReferenceDataError, loadReference, type Frozen } from './load.js';

/**
 * The indicators of the economics catalogue (`indicators.json`): 34 indicators, 4 to
 * 7 per group, of every frequency, 31 of them with series in the generated sample.
 */

export const INDICATORS_FILE = 'indicators.json';

/** The groups indicators are listed under. */
export const INDICATOR_GROUPS = ['gdp', 'prices', 'labour', 'money', 'government', 'external'] as const;
/** The frequencies of indicators (and of their series). */
export const INDICATOR_FREQUENCIES = ['daily', 'monthly', 'quarterly', 'annual'] as const;

const Code = Type.String({ pattern: '^[A-Z][A-Z0-9_]*$' });
const Text = Type.String({ minLength: 1 });

const IndicatorRow = Type.Object(
  {
    kpi_id: Code,
    name: Text,
    group: Type.Union(INDICATOR_GROUPS.map((group) => Type.Literal(group))),
    unit: Text,
    unit_code: Code,
    frequency: Type.Union(INDICATOR_FREQUENCIES.map((frequency) => Type.Literal(frequency))),
    description: Text,
    /** Other names of the indicator, lower case. */
    aliases: Type.Array(Type.String({ pattern: '^[a-z0-9]+([ -][a-z0-9]+)*$' })),
    /** Seasonal adjustment of its series (`seasonally adjusted` …), null when that does not apply. */
    adjustment: Type.Union([Text, Type.Null()]),
    /** Decimals the generated values are rounded to. */
    decimals: Type.Integer({ minimum: 0, maximum: 6 }),
    /** False for indicators only real data feeds (the sample generates no series for them). */
    sample: Type.Optional(Type.Literal(false)),
  },
  { additionalProperties: false },
);

export const IndicatorsFileSchema = Type.Object(
  { about: Type.String(), indicators: Type.Array(IndicatorRow, { minItems: 1 }) },
  { additionalProperties: false },
);

/** An indicator of the catalogue, with how the generated sample makes its series. */
export type IndicatorDef = Frozen<Static<typeof IndicatorRow>>;

/** Every indicator of the catalogue, in the file's order (group by group). */
export const INDICATORS: readonly IndicatorDef[] = loadReference(INDICATORS_FILE, IndicatorsFileSchema).indicators;

if (new Set(INDICATORS.map((d) => d.kpi_id)).size !== INDICATORS.length) {
  throw new ReferenceDataError(`reference data ${INDICATORS_FILE}: a kpi_id is used twice`);
}
