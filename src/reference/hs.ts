import { Type } from '@sinclair/typebox';
import { ReferenceDataError, deepFreeze, loadReference } from './load.js';

/**
 * The bundled compact selection of HS 2022 (Harmonized System) subheadings
 * (`hs2022.json`), with their chapters and headings, official descriptions, and
 * rough estimates of each subheading's annual world trade and typical unit value.
 */

export const HS_FILE = 'hs2022.json';

const Description = Type.String({ minLength: 1 });
const Code = (digits: number) => Type.String({ pattern: `^[0-9]{${digits}}$` });
const Entry = (digits: number) =>
  Type.Object({ code: Code(digits), description: Description }, { additionalProperties: false });

const Subheading = Type.Object(
  {
    code: Code(6),
    description: Description,
    /** Rough annual world trade, billions of USD. */
    worldTradeBnUsd: Type.Number({ exclusiveMinimum: 0 }),
    /** Typical unit value, USD per kg of net weight. */
    unitValueUsdPerKg: Type.Number({ exclusiveMinimum: 0 }),
  },
  { additionalProperties: false },
);

export const HsFileSchema = Type.Object(
  {
    about: Type.String(),
    chapters: Type.Array(Entry(2), { minItems: 1 }),
    headings: Type.Array(Entry(4), { minItems: 1 }),
    subheadings: Type.Array(Subheading, { minItems: 1 }),
  },
  { additionalProperties: false },
);

/** A subheading of the bundled list with the names of its chapter and heading. */
export interface HsProduct {
  readonly hs6: string;
  readonly name: string;
  /** Rough annual world trade, billions of USD. */
  readonly worldTradeBn: number;
  /** Typical unit value, USD per kg of net weight. */
  readonly unitValue: number;
  readonly chapterName: string;
  readonly headingName: string;
}

const file = loadReference(HS_FILE, HsFileSchema);

/** HS 2022 chapters with products (01–97; chapter 77 is reserved) → official short description. */
export const HS_CHAPTERS: Readonly<Record<string, string>> = deepFreeze(
  Object.fromEntries(file.chapters.map((c) => [c.code, c.description])),
);

/** The HS 2022 headings (4-digit) of the bundled subheadings → official description. */
export const HS_HEADINGS: Readonly<Record<string, string>> = deepFreeze(
  Object.fromEntries(file.headings.map((h) => [h.code, h.description])),
);

/** The name of the chapter or heading (by its code's length) of subheading `hs6`. */
function nameOf(hs6: string, code: string): string {
  const [names, what] = code.length === 2 ? [HS_CHAPTERS, 'chapter'] : [HS_HEADINGS, 'heading'];
  const name = names[code];
  if (name === undefined) throw new ReferenceDataError(`reference data ${HS_FILE}: ${hs6} has no ${what} ${code}`);
  return name;
}

/** The bundled HS 2022 subheadings, sorted by code, with their chapter and heading names. */
export const HS_PRODUCTS: readonly HsProduct[] = deepFreeze(
  file.subheadings.map((s) => ({
    hs6: s.code,
    name: s.description,
    worldTradeBn: s.worldTradeBnUsd,
    unitValue: s.unitValueUsdPerKg,
    chapterName: nameOf(s.code, s.code.slice(0, 2)),
    headingName: nameOf(s.code, s.code.slice(0, 4)),
  })),
);
