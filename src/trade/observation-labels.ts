/**
 * What a written observation names besides its numbers: each country's ISO2 code and
 * the HS edition a flow was reported in, by country and period. A catalogue holds one;
 * its `parts` are plain data, so a worker thread that writes observations builds the
 * same labels from them (this module imports nothing, so such a thread loads nothing
 * else).
 */

/** The HS edition of the bundled product list and the sample, and of inputs and data that state none. */
export const DEFAULT_HS_EDITION = 2022;

/** A month counted from January 2000 as its first day, `2024-03-01`. */
export function monthDate(month: number): string {
  const y = 2000 + Math.floor(month / 12);
  const m = (month % 12) + 1;
  return `${y}-${m < 10 ? '0' : ''}${m}-01`;
}

/** Editions keyed by `country * 65536 + period`, as two parallel lists. */
interface EditionList {
  keys: number[];
  editions: number[];
}

/** The labels as plain data (structured-clonable): ISO2 codes by country id, and the editions. */
export interface LabelParts {
  iso2: Array<string | null>;
  annual: EditionList;
  monthly: EditionList;
}

/** One flow's edition: by exporter and year (annual), or by declaring country and month index (monthly). */
export interface EditionOf {
  granularity: 'annual' | 'monthly';
  country: number;
  period: number;
  hs_version: number;
}

const editionKey = (country: number, period: number) => country * 65536 + period;

function editionMap(list: EditionList): Map<number, number> {
  return new Map(list.keys.map((k, i) => [k, list.editions[i]!]));
}

function editionList(map: Map<number, number>): EditionList {
  return { keys: [...map.keys()], editions: [...map.values()] };
}

export class ObservationLabels {
  private readonly codes: Array<string | null>;
  private readonly annualEditions: Map<number, number>;
  private readonly monthlyEditions: Map<number, number>;

  private constructor(parts: LabelParts) {
    this.codes = parts.iso2;
    this.annualEditions = editionMap(parts.annual);
    this.monthlyEditions = editionMap(parts.monthly);
  }

  /** The labels of countries (`id`, `iso2`) and flows' editions. */
  static of(countries: ReadonlyArray<{ id: number; iso2: string }>, editions: readonly EditionOf[]): ObservationLabels {
    const iso2: Array<string | null> = [];
    for (const c of countries) iso2[c.id] = c.iso2;
    const annual = new Map<number, number>();
    const monthly = new Map<number, number>();
    for (const e of editions)
      (e.granularity === 'annual' ? annual : monthly).set(editionKey(e.country, e.period), e.hs_version);
    return new ObservationLabels({ iso2: Array.from(iso2, (c) => c ?? null), ...lists(annual, monthly) });
  }

  /** Labels rebuilt from `parts()` (on another thread). */
  static fromParts(parts: LabelParts): ObservationLabels {
    return new ObservationLabels(parts);
  }

  parts(): LabelParts {
    return { iso2: this.codes, ...lists(this.annualEditions, this.monthlyEditions) };
  }

  iso2(id: number): string {
    return this.codes[id] ?? '??';
  }

  /**
   * The HS edition an annual flow was reported in (a property of its source, not
   * of its code); flows without a recorded edition are the bundled sample's, HS 2022.
   */
  annualEdition(exporter: number, year: number): number {
    return this.annualEditions.get(editionKey(exporter, year)) ?? DEFAULT_HS_EDITION;
  }

  /** The HS edition of a monthly declaration, by the country that declared it and its month. */
  monthlyEdition(declarer: number, month: number): number {
    return this.monthlyEditions.get(editionKey(declarer, month)) ?? DEFAULT_HS_EDITION;
  }
}

const lists = (annual: Map<number, number>, monthly: Map<number, number>) => ({
  annual: editionList(annual),
  monthly: editionList(monthly),
});
