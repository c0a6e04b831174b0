import { continents, getCountryDataList } from 'countries-list';
import { readMappingFile } from './mapping.js';

/** A trade partner as the trade files store it: ISO alpha-2 (or a documented area code), names and region. */
export interface AreaRef {
  iso2: string;
  iso3: string | null;
  name: string;
  region: string | null;
}

interface AreasFile {
  aliases: Record<string, string>;
  former: Record<string, AreaRef>;
  areas: Array<{ code: string; m49: number; name: string; region: string | null }>;
  aggregates: Record<string, string>;
  iso3166_numeric: Record<string, [string, string]>;
}

/**
 * Where a trade source's country codes land (`mappings/areas.json`): ISO 3166-1
 * alpha and numeric codes, the numeric codes BACI and UN Comtrade use beside the
 * standard (381 Italy, 842 USA …), former countries, and the areas without an ISO
 * code, which get fixed codes of the user-assigned range XA–XZ.
 */
export class Areas {
  private readonly byIso2 = new Map<string, AreaRef>();
  private readonly byIso3 = new Map<string, AreaRef>();
  private readonly byNumeric = new Map<number, AreaRef>();
  private readonly aggregates = new Map<number, string>();

  private constructor(file: AreasFile) {
    for (const c of getCountryDataList()) {
      const ref: AreaRef = { iso2: c.iso2, iso3: c.iso3, name: c.name, region: continents[c.continent] ?? null };
      this.byIso2.set(c.iso2, ref);
      this.byIso3.set(c.iso3, ref);
    }
    for (const a of file.areas) {
      const ref: AreaRef = { iso2: a.code, iso3: null, name: a.name, region: a.region };
      this.byIso2.set(a.code, ref);
      this.byNumeric.set(a.m49, ref);
    }
    for (const [code, [iso2]] of Object.entries(file.iso3166_numeric)) {
      const ref = this.byIso2.get(iso2);
      if (ref) this.byNumeric.set(Number(code), ref);
    }
    for (const [code, iso2] of Object.entries(file.aliases)) {
      const ref = this.byIso2.get(iso2);
      if (!ref)
        throw new Error(`mappings/areas.json: alias ${code} names ${iso2}, which is neither an ISO code nor an area`);
      this.byNumeric.set(Number(code), ref);
    }
    // Former countries by number only: a withdrawn alpha code may have named two of them (CS).
    for (const [code, ref] of Object.entries(file.former)) this.byNumeric.set(Number(code), ref);
    for (const [code, name] of Object.entries(file.aggregates)) this.aggregates.set(Number(code), name);
  }

  private static shared: Areas | undefined;

  static load(): Areas {
    return (Areas.shared ??= new Areas(readMappingFile<AreasFile>('areas.json')));
  }

  /** An ISO 3166-1 alpha-2 or alpha-3 code (any case), or an area code; undefined when unknown. */
  iso(code: string | undefined | null): AreaRef | undefined {
    const c = (code ?? '').trim().toUpperCase();
    if (c.length === 2) return this.byIso2.get(c);
    if (c.length === 3) return this.byIso3.get(c);
    return undefined;
  }

  /** A numeric partner code (ISO 3166-1 numeric / UN M49, or a BACI / Comtrade code beside it). */
  numeric(code: number): AreaRef | undefined {
    return this.byNumeric.get(code);
  }

  /** The name of a numeric code that sums other partners (World, EU), which is never a partner itself. */
  aggregate(code: number): string | undefined {
    return this.aggregates.get(code);
  }
}
