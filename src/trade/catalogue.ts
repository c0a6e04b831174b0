import { tableNames, type Database } from '../store/duckdb.js';
import { copyViews } from './file-format/index.js';
import type { Fields } from '../store/rows.js';
import { SAMPLE_PROVENANCE } from '../reference/provenance.js';
import { EU_MEMBERS } from '../reference/groups.js';
import { ObservationLabels, monthDate, type EditionOf } from './observation-labels.js';

export interface TradeCountry {
  id: number;
  iso2: string;
  iso3: string | null;
  name: string;
  region: string | null;
  is_reporter: boolean;
}

export interface Product {
  hs6: number;
  code: string;
  hs_version: number;
  name: string;
  chapter_name: string | null;
  heading_name: string | null;
}

/** Where trade figures come from, in the fields economic series use. */
export interface TradeSource {
  source_name: string;
  source_url: string;
  license_id: string;
  attribution_text: string;
}

/** A `sources` row of a trade file: one source of one reporter's figures. */
export interface CountrySource extends TradeSource {
  country: number;
}

/**
 * Provenance as served: the distinct sources in name order, each field listing them
 * in that order separated by "; "; all null when no source is recorded (files
 * ingested before sources were recorded).
 */
export interface SourceFields {
  source_name: string | null;
  source_url: string | null;
  license_id: string | null;
  attribution_text: string | null;
}

export function sourceFields(sources: TradeSource[]): SourceFields {
  const distinct = [...new Map(sources.map((s) => [s.source_name, s])).values()].sort((a, b) =>
    a.source_name < b.source_name ? -1 : a.source_name > b.source_name ? 1 : 0,
  );
  const field = (key: keyof TradeSource) => (distinct.length ? distinct.map((s) => s[key]).join('; ') : null);
  return {
    source_name: field('source_name'),
    source_url: field('source_url'),
    license_id: field('license_id'),
    attribution_text: field('attribution_text'),
  };
}

export interface CoverageRow extends SourceFields {
  country: string;
  yearly_first: number | null;
  yearly_last: number | null;
  monthly_first: string | null;
  monthly_last: string | null;
}

export { DEFAULT_HS_EDITION, monthDate } from './observation-labels.js';

/**
 * An ingested trade file's `editions` row: the HS edition flows were reported in,
 * per exporter and year (annual) or per declaring country and month index (monthly).
 */
export type FlowEdition = EditionOf;

/** An inclusive range of HS6 codes as integers: a chapter, a heading or one code. */
export interface CodeRange {
  lo: number;
  hi: number;
}

export const EU_GROUP = { id: 'EU', name: 'European Union', members: EU_MEMBERS } as const;

export function formatHs6(hs6: number): string {
  return String(hs6).padStart(6, '0');
}

/** The code range a 2, 4 or 6 digit HS code covers. */
export function codeRange(digits: string): CodeRange {
  const span = 10 ** (6 - digits.length);
  const lo = Number(digits) * span;
  return { lo, hi: lo + span - 1 };
}

/**
 * Trade metadata of one snapshot, in memory: countries (ids in ISO2 order), the
 * product nomenclature (sorted by code) and reporters' coverage.
 */
/** The tables a trade catalogue is built from. */
export interface CatalogueTables {
  countries: TradeCountry[];
  products: Product[];
  coverage: CoverageRow[];
  editions?: FlowEdition[];
  sources?: CountrySource[];
  /** Whether any flow has the same exporter and importer (unknown: assumed so). */
  selfTrade?: boolean;
}

const COUNTRY_FIELDS: Fields<TradeCountry> = {
  id: true,
  iso2: true,
  iso3: true,
  name: true,
  region: true,
  is_reporter: true,
};
const PRODUCT_FIELDS: Fields<Omit<Product, 'code'>> = {
  hs6: true,
  hs_version: true,
  name: true,
  chapter_name: true,
  heading_name: true,
};

/** A row of the coverage table: a reporter's first and last years and months (counted from January 2000). */
interface StoredCoverage {
  country: number;
  yearly_first: number | null;
  yearly_last: number | null;
  monthly_first: number | null;
  monthly_last: number | null;
}
const COVERAGE_FIELDS: Fields<StoredCoverage> = {
  country: true,
  yearly_first: true,
  yearly_last: true,
  monthly_first: true,
  monthly_last: true,
};
const SOURCE_FIELDS: Fields<CountrySource> = {
  country: true,
  source_name: true,
  source_url: true,
  license_id: true,
  attribution_text: true,
};
const EDITION_FIELDS: Fields<FlowEdition> = { granularity: true, country: true, period: true, hs_version: true };

export class TradeCatalogue {
  readonly byIso2 = new Map<string, TradeCountry>();
  readonly byIso3 = new Map<string, TradeCountry>();
  readonly byId: TradeCountry[] = [];
  readonly euIds: number[];
  /** Countries' codes and the HS editions of ingested flows, as written observations name them. */
  readonly labels: ObservationLabels;
  /** Reporters' sources by country id. */
  private readonly sourcesById = new Map<number, TradeSource[]>();

  readonly countries: TradeCountry[];
  /** Sorted by hs6, then edition: a code may be named in several HS editions. */
  readonly products: Product[];
  readonly coverage: CoverageRow[];
  /** Whether any flow has the same exporter and importer: if none, one country's two orientations never overlap. */
  readonly selfTrade: boolean;

  constructor(tables: CatalogueTables) {
    const { countries, editions = [], sources = [] } = tables;
    this.countries = countries;
    this.products = tables.products;
    this.coverage = tables.coverage;
    this.selfTrade = tables.selfTrade ?? true;
    for (const { country, ...source } of sources)
      this.sourcesById.set(country, [...(this.sourcesById.get(country) ?? []), source]);
    for (const c of countries) {
      this.byIso2.set(c.iso2, c);
      if (c.iso3) this.byIso3.set(c.iso3, c);
      this.byId[c.id] = c;
    }
    this.labels = ObservationLabels.of(countries, editions);
    this.euIds = EU_MEMBERS.map((iso2) => this.byIso2.get(iso2)?.id).filter((id): id is number => id !== undefined);
  }

  iso2(id: number): string {
    return this.labels.iso2(id);
  }

  /** A country by ISO2 or ISO3 (any case); undefined when unknown. */
  country(token: string): TradeCountry | undefined {
    const t = token.toUpperCase();
    return t.length === 2 ? this.byIso2.get(t) : this.byIso3.get(t);
  }

  /** Products whose code falls in the range, in code order. */
  productsIn(range: CodeRange): Product[] {
    let lo = 0;
    let hi = this.products.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.products[mid]!.hs6 < range.lo) lo = mid + 1;
      else hi = mid;
    }
    const out: Product[] = [];
    for (let i = lo; i < this.products.length && this.products[i]!.hs6 <= range.hi; i++) out.push(this.products[i]!);
    return out;
  }

  /**
   * The HS edition an annual flow was reported in (a property of its source, not
   * of its code); flows without a recorded edition are the bundled sample's, HS 2022.
   */
  annualEdition(exporter: number, year: number): number {
    return this.labels.annualEdition(exporter, year);
  }

  /** The HS editions annual flows of `year` were reported in, ascending. */
  annualEditionsOf(year: number): number[] {
    return [...new Set(this.countries.map((c) => this.annualEdition(c.id, year)))].sort((a, b) => a - b);
  }

  /** The HS edition of a monthly declaration, by the country that declared it and its month. */
  monthlyEdition(declarer: number, month: number): number {
    return this.labels.monthlyEdition(declarer, month);
  }

  /**
   * Where the figures of the given countries come from: a reporter's own sources; a
   * partner-only country's figures come from every reporter's declarations.
   */
  provenance(ids: number[]): SourceFields {
    const every = () => [...this.sourcesById.values()].flat();
    return sourceFields(ids.flatMap((id) => (this.byId[id]?.is_reporter ? (this.sourcesById.get(id) ?? []) : every())));
  }

  /** Loads the catalogue; products come from `productSchema` (a loaded nomenclature) when given. */
  static async load(db: Database, schema = 'trade', productSchema = schema): Promise<TradeCatalogue> {
    const countries = await db.query(
      `SELECT id, iso2, iso3, name, region, is_reporter FROM ${schema}.countries ORDER BY id`,
      COUNTRY_FIELDS,
    );
    // One row per code and edition; the nomenclature names it where it has it, and the
    // trade file's own codes stay known (data may use codes a nomenclature lacks).
    const products = (
      await db.query(
        `SELECT hs6, hs_version, arg_min(name, src) AS name, arg_min(chapter_name, src) AS chapter_name,
              arg_min(heading_name, src) AS heading_name
       FROM (SELECT hs6, hs_version, name, chapter_name, heading_name, 0 AS src FROM ${productSchema}.products
             UNION ALL SELECT hs6, hs_version, name, chapter_name, heading_name, 1 AS src FROM ${schema}.products)
       GROUP BY hs6, hs_version ORDER BY hs6, hs_version`,
        PRODUCT_FIELDS,
      )
    ).map((p) => ({ ...p, code: formatHs6(p.hs6) }));
    const coverage = await db.query(
      `SELECT country, yearly_first, yearly_last, monthly_first, monthly_last FROM ${schema}.coverage`,
      COVERAGE_FIELDS,
    );
    const byId = new Map(countries.map((c) => [c.id, c.iso2]));
    const tables = await tableNames(db, schema);
    // A file written before sources were recorded: a generated sample (no origin
    // marker) is still known as one; ingested data then has no recorded source.
    const sources = tables.has('sources')
      ? await db.query(
          `SELECT country, source_name, source_url, license_id, attribution_text FROM ${schema}.sources ` +
            'ORDER BY country, source_name',
          SOURCE_FIELDS,
        )
      : tables.has('meta')
        ? []
        : countries.filter((c) => c.is_reporter).map((c) => ({ country: c.id, ...SAMPLE_PROVENANCE }));
    const rows = coverage
      .map((r) => ({
        country: byId.get(r.country) ?? '??',
        yearly_first: r.yearly_first,
        yearly_last: r.yearly_last,
        monthly_first: r.monthly_first === null ? null : monthDate(r.monthly_first),
        monthly_last: r.monthly_last === null ? null : monthDate(r.monthly_last),
        ...sourceFields(sources.filter((s) => s.country === r.country)),
      }))
      .sort((a, b) => (a.country < b.country ? -1 : 1));
    const hasEditions = tables.has('editions');
    const editions = hasEditions
      ? await db.query(`SELECT granularity, country, period, hs_version FROM ${schema}.editions`, EDITION_FIELDS)
      : [];
    await copyViews(db, schema, tables);
    const [self] = await db.query<{ n: number }>(
      `SELECT count(*)::INTEGER AS n FROM ${schema}.agg_pair WHERE exporter = importer`,
      { n: true },
    );
    return new TradeCatalogue({ countries, products, coverage: rows, editions, sources, selfTrade: self!.n > 0 });
  }
}

/** Month index counted from January 2000, as stored in the monthly tables. */
export function monthIndexOf(year: number, month: number): number {
  return (year - 2000) * 12 + (month - 1);
}
