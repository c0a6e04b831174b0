import { invalidParam, unknownToken } from '../errors.js';
import { listItems, parseDate } from '../values.js';
import { EU_GROUP, codeRange, monthIndexOf, type CodeRange, type TradeCatalogue } from './catalogue.js';
import { orient, type Flow, type TradeFilter } from './filter.js';

/** Extracts the digits of an HS code token (`hs:` prefix optional); the schema checked its shape. */
const PRODUCT_DIGITS = /^(?:hs:)?(\d{2}|\d{4}|\d{6})$/i;

/**
 * Trade inputs, after the schema validator has refused every malformed value (one
 * 422 listing them all): parsed here, then resolved against the catalogue, where an
 * unknown country or product is a 404 naming the token.
 */
export class TradeInput {
  private readonly resolvers: Array<() => void> = [];

  constructor(readonly catalogue: TradeCatalogue) {}

  /** The items of a list parameter (a path parameter is one item). */
  private tokens(value: string | undefined, where: 'query' | 'path'): string[] | undefined {
    if (value === undefined) return undefined;
    const items = where === 'path' ? [value.trim()] : listItems(value);
    return items.length === 0 ? undefined : items;
  }

  /** Countries (ISO2/ISO3/EU) as ids; `value` is set once resolved. */
  countries(value: string | undefined, where: 'query' | 'path' = 'query'): { value?: number[] } {
    const out: { value?: number[] } = {};
    const tokens = this.tokens(value, where);
    if (!tokens) return out;
    this.resolvers.push(() => {
      const ids = new Set<number>();
      for (const t of tokens) {
        if (t.toUpperCase() === EU_GROUP.id) {
          for (const id of this.catalogue.euIds) ids.add(id);
          continue;
        }
        const c = this.catalogue.country(t);
        if (!c) throw unknownToken('country', t);
        ids.add(c.id);
      }
      out.value = [...ids].sort((a, b) => a - b);
    });
    return out;
  }

  /** HS codes as ranges; 404 when the nomenclature has nothing under a code. */
  products(
    value: string | undefined,
    param: string,
    where: 'query' | 'path' = 'query',
  ): { value?: CodeRange[]; codes?: string[] } {
    const out: { value?: CodeRange[]; codes?: string[] } = {};
    const tokens = this.tokens(value, where);
    if (!tokens) return out;
    const codes = tokens.map((t) => {
      const m = PRODUCT_DIGITS.exec(t);
      if (!m) throw invalidParam([where, param], 'must be an HS code of 2, 4 or 6 digits', 'string_pattern_mismatch');
      return m[1]!;
    });
    this.resolvers.push(() => {
      for (const code of codes)
        if (this.catalogue.productsIn(codeRange(code)).length === 0) throw unknownToken('product', code);
      out.value = codes.map(codeRange);
      out.codes = codes;
    });
    return out;
  }

  /** Inclusive `YYYY` bounds. */
  years(from: string | undefined, to: string | undefined): { from?: number; to?: number } {
    const year = (v: string | undefined) =>
      v === undefined ? undefined : (parseDate(v, 'year', false) as number | undefined);
    return { from: year(from), to: year(to) };
  }

  /** Inclusive `YYYY-MM` (or `YYYY`: January / December) bounds as month indices. */
  months(from: string | undefined, to: string | undefined): { from?: number; to?: number } {
    const month = (v: string | undefined, end: boolean) => {
      const ym = v === undefined ? undefined : (parseDate(v, 'month', end) as string | undefined);
      return ym === undefined ? undefined : monthIndexOf(Number(ym.slice(0, 4)), Number(ym.slice(5, 7)));
    };
    return { from: month(from, false), to: month(to, true) };
  }

  /** Resolves tokens against the catalogue (404 for unknown ones). */
  resolve(): void {
    for (const r of this.resolvers) r();
  }
}

/** The parameters that select annual flows. */
export interface AnnualQuery {
  reporter?: string;
  partner?: string;
  product?: string;
  flow?: Flow;
  from?: string;
  to?: string;
}

/**
 * reporter / partner / product / flow / from / to as a filter: parsed, then resolved
 * (404 for an unknown token). `products` replaces the `product` parameter (a path).
 */
export function annualFilter(input: TradeInput, query: AnnualQuery, products?: { value?: CodeRange[] }): TradeFilter {
  const reporter = input.countries(query.reporter);
  const partner = input.countries(query.partner);
  const product = products ?? input.products(query.product, 'product');
  const years = input.years(query.from, query.to);
  input.resolve();
  const sides = { reporter: reporter.value, partner: partner.value };
  return { terms: orient(sides, query.flow, input.catalogue.selfTrade), products: product.value, ...years };
}
