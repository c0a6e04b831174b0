import { ApiError, unknownToken, type ValidationIssue } from '../errors.js';
import { splitList } from '../http/query.js';
import { EU_GROUP, codeRange, monthIndexOf, type CodeRange, type TradeCatalogue } from './catalogue.js';

const COUNTRY_TOKEN = /^[A-Za-z]{2,3}$/;
const PRODUCT_TOKEN = /^(?:hs:)?(\d{2}|\d{4}|\d{6})$/i;

/**
 * Trade inputs are checked in two passes, as the contract orders them: every
 * malformed value of every parameter first (one 422 listing them all), then unknown
 * countries and products (404 naming the token).
 */
export class TradeInput {
  private readonly issues: ValidationIssue[] = [];
  private readonly resolvers: Array<() => void> = [];

  constructor(private readonly catalogue: TradeCatalogue) {}

  private issue(where: 'query' | 'path', param: string, msg: string, type = 'value_error'): void {
    if (!this.issues.some((i) => i.loc[1] === param)) this.issues.push({ loc: [where, param], msg, type });
  }

  /** The items of a list parameter (a path parameter is one item); a too-long list is recorded as an issue. */
  private tokens(value: string | undefined, param: string, where: 'query' | 'path'): string[] | undefined {
    if (where === 'path') return value === undefined ? undefined : [value.trim()];
    try {
      return splitList(value, param);
    } catch (err) {
      if (err instanceof ApiError && err.detail) this.issues.push(...err.detail);
      return undefined;
    }
  }

  /** Countries (ISO2/ISO3/EU) as ids; `target.value` is set once resolved. */
  countries(value: string | undefined, param: string, where: 'query' | 'path' = 'query'): { value?: number[] } {
    const out: { value?: number[] } = {};
    const tokens = this.tokens(value, param, where);
    if (!tokens) return out;
    const bad = tokens.find((t) => !COUNTRY_TOKEN.test(t));
    if (bad !== undefined) {
      this.issue(where, param, `"${bad}" is not an ISO 3166 alpha-2 or alpha-3 code`, 'string_pattern_mismatch');
      return out;
    }
    this.resolvers.push(() => {
      const ids = new Set<number>();
      for (const t of tokens!) {
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

  /** HS codes as ranges; 422 for another shape, 404 when the nomenclature has nothing under a code. */
  products(value: string | undefined, param: string, where: 'query' | 'path' = 'query'): { value?: CodeRange[]; codes?: string[] } {
    const out: { value?: CodeRange[]; codes?: string[] } = {};
    const tokens = this.tokens(value, param, where);
    if (!tokens) return out;
    const codes: string[] = [];
    for (const t of tokens) {
      const m = PRODUCT_TOKEN.exec(t);
      if (!m) {
        this.issue(where, param, `"${t}" is not an HS code of 2, 4 or 6 digits (optionally prefixed hs:)`, 'string_pattern_mismatch');
        return out;
      }
      codes.push(m[1]!);
    }
    this.resolvers.push(() => {
      for (const code of codes) if (this.catalogue.productsIn(codeRange(code)).length === 0) throw unknownToken('product', code);
      out.value = codes.map(codeRange);
      out.codes = codes;
    });
    return out;
  }

  /** Inclusive `YYYY` bounds (the schema checked the shape); 422 when from is after to. */
  years(from: string | undefined, to: string | undefined): { from?: number; to?: number } {
    const range = { from: from === undefined ? undefined : Number(from), to: to === undefined ? undefined : Number(to) };
    if (range.from !== undefined && range.to !== undefined && range.from > range.to) this.issue('query', 'from', '"from" must not be after "to"');
    return range;
  }

  /** Inclusive `YYYY-MM` (or `YYYY`: January / December) bounds as month indices. */
  months(from: string | undefined, to: string | undefined): { from?: number; to?: number } {
    const parse = (v: string | undefined, param: string, end: boolean) => {
      if (v === undefined) return undefined;
      const [y, m] = v.split('-').map(Number) as [number, number | undefined];
      const month = m ?? (end ? 12 : 1);
      if (month < 1 || month > 12) {
        this.issue('query', param, 'month must be 01 to 12', 'date_parsing');
        return undefined;
      }
      return monthIndexOf(y, month);
    };
    const range = { from: parse(from, 'from', false), to: parse(to, 'to', true) };
    if (range.from !== undefined && range.to !== undefined && range.from > range.to) this.issue('query', 'from', '"from" must not be after "to"');
    return range;
  }

  /** Raises the 422 for every malformed value, then resolves tokens (404 for unknown ones). */
  resolve(): void {
    if (this.issues.length > 0) {
      const names = this.issues.map((i) => i.loc[1]).join(', ');
      throw new ApiError('validation_error', `Invalid parameter${this.issues.length > 1 ? 's' : ''}: ${names}.`, { detail: this.issues });
    }
    for (const r of this.resolvers) r();
  }
}
