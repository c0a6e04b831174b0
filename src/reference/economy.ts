import { Type } from '@sinclair/typebox';
import { loadReference, type Frozen } from './load.js';

/**
 * Anchors of the generated economic sample (`economy.json`): real-world paths as
 * `[YYYY-MM, value]` points, read as straight lines between them and flat outside.
 */

export const ECONOMY_FILE = 'economy.json';

const Anchor = Type.Tuple([Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' }), Type.Number()]);
const Paths = Type.Record(Type.String({ pattern: '^[A-Za-z0-9]+$' }), Type.Array(Anchor, { minItems: 1 }), {
  additionalProperties: false,
});

export const EconomyFileSchema = Type.Object(
  { about: Type.String(), policyRates: Paths, inflation: Paths },
  { additionalProperties: false },
);

/** `[YYYY-MM, value]` points, in time order. */
export type Anchors = Frozen<Array<[string, number]>>;

const file = loadReference(ECONOMY_FILE, EconomyFileSchema);

/**
 * Policy-rate paths (%): of the central banks countries follow (`fed`, `ecb`, `boe`,
 * `boj`, `snb`), and of countries with a path of their own (by ISO3).
 */
export const POLICY_RATE_PATHS: Readonly<Record<string, Anchors>> = file.policyRates;

/** Consumer-price inflation (% a year) of countries whose history is their own, not a scaled world cycle (by ISO3). */
export const INFLATION_PATHS: Readonly<Record<string, Anchors>> = file.inflation;
