import type { Database } from '../store/duckdb.js';
import { EU_MEMBERS } from './reference.js';

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

export interface CoverageRow {
  country: string;
  yearly_first: number | null;
  yearly_last: number | null;
  monthly_first: string | null;
  monthly_last: string | null;
}

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

export function monthDate(month: number): string {
  const y = 2000 + Math.floor(month / 12);
  const m = (month % 12) + 1;
  return `${y}-${m < 10 ? '0' : ''}${m}-01`;
}

/**
 * Trade metadata of one snapshot, in memory: countries (ids in ISO2 order), the
 * product nomenclature (sorted by code) and reporters' coverage.
 */
export class TradeCatalogue {
  readonly byIso2 = new Map<string, TradeCountry>();
  readonly byIso3 = new Map<string, TradeCountry>();
  readonly byId: TradeCountry[] = [];
  readonly productByHs6 = new Map<number, Product>();
  readonly euIds: number[];

  constructor(
    readonly countries: TradeCountry[],
    /** Sorted by hs6. */
    readonly products: Product[],
    readonly coverage: CoverageRow[],
  ) {
    for (const c of countries) {
      this.byIso2.set(c.iso2, c);
      if (c.iso3) this.byIso3.set(c.iso3, c);
      this.byId[c.id] = c;
    }
    for (const p of products) this.productByHs6.set(p.hs6, p);
    this.euIds = EU_MEMBERS.map((iso2) => this.byIso2.get(iso2)?.id).filter((id): id is number => id !== undefined);
  }

  iso2(id: number): string {
    return this.byId[id]?.iso2 ?? '??';
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

  hsVersion(hs6: number): number {
    return this.productByHs6.get(hs6)?.hs_version ?? 2022;
  }

  /** Loads the catalogue; products come from `productSchema` (a loaded nomenclature) when given. */
  static async load(db: Database, schema = 'trade', productSchema = schema): Promise<TradeCatalogue> {
    const countries = await db.query<TradeCountry>(`SELECT id, iso2, iso3, name, region, is_reporter FROM ${schema}.countries ORDER BY id`);
    // The trade file's own codes stay known (data may use codes a nomenclature lacks).
    const products = (await db.query<Omit<Product, 'code'>>(
      `SELECT hs6, arg_min(hs_version, src) AS hs_version, arg_min(name, src) AS name, arg_min(chapter_name, src) AS chapter_name, arg_min(heading_name, src) AS heading_name
       FROM (SELECT *, 0 AS src FROM ${productSchema}.products UNION ALL SELECT *, 1 AS src FROM ${schema}.products)
       GROUP BY hs6 ORDER BY hs6`,
    )).map(
      (p) => ({ ...p, code: formatHs6(p.hs6) }),
    );
    const coverage = (await db.query<{ country: number; yearly_first: number | null; yearly_last: number | null; monthly_first: number | null; monthly_last: number | null }>(
      `SELECT country, yearly_first, yearly_last, monthly_first, monthly_last FROM ${schema}.coverage`,
    ));
    const byId = new Map(countries.map((c) => [c.id, c.iso2]));
    const rows = coverage
      .map((r) => ({
        country: byId.get(r.country) ?? '??',
        yearly_first: r.yearly_first,
        yearly_last: r.yearly_last,
        monthly_first: r.monthly_first === null ? null : monthDate(r.monthly_first),
        monthly_last: r.monthly_last === null ? null : monthDate(r.monthly_last),
      }))
      .sort((a, b) => (a.country < b.country ? -1 : 1));
    return new TradeCatalogue(countries, products, rows);
  }
}

/** Month index counted from January 2000, as stored in the monthly tables. */
export function monthIndexOf(year: number, month: number): number {
  return (year - 2000) * 12 + (month - 1);
}
