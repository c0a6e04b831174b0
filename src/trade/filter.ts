import type { CodeRange } from './catalogue.js';
import { column, type Bindings } from './sql.js';

export type Flow = 'export' | 'import';

/**
 * One orientation of a trade filter: rows whose exporter and importer are in the
 * given sets (absent = any). `exclude` removes rows an earlier term already matched,
 * so a row that fits both orientations is counted once. `partnerSide` says which
 * column is the partner of a row matched through this term.
 */
export interface Term {
  exporters?: number[];
  importers?: number[];
  exclude?: { exporters: number[]; importers?: number[] };
  partnerSide: 'exporter' | 'importer';
}

export interface TradeFilter {
  terms: Term[];
  products?: CodeRange[];
  from?: number;
  to?: number;
}

/** The countries of a filter: the reporters and the partners (absent = any). */
export interface Sides {
  reporter: number[] | undefined;
  partner: number[] | undefined;
}

/**
 * Whether a row can fit both orientations of `sides`: its exporter and its importer
 * both among the reporters (and the partners, when given). With one such country
 * only a flow from a country to itself could, and `selfTrade` says if any exists.
 */
function overlaps({ reporter, partner }: Sides, selfTrade: boolean): boolean {
  const both = reporter && partner ? reporter.filter((r) => partner.includes(r)) : (reporter ?? partner ?? []);
  return both.length > 1 || (both.length === 1 && selfTrade);
}

/**
 * The contract's orientation rule. With a flow, the reporter is the exporter
 * (export) or the importer (import) and the partner the other side. Without a flow,
 * both orientations, each row once: the second excludes rows the first matched,
 * unless no row can fit both (then the exclusion would remove nothing, and without
 * it the second reads the smaller tables its own side leads). Without a reporter the
 * partner filter applies to the partner side of the flow, or to either side when
 * there is no flow either.
 */
export function orient(sides: Sides, flow: Flow | undefined, selfTrade: boolean): Term[] {
  const { reporter, partner } = sides;
  if (flow === 'export') return [{ exporters: reporter, importers: partner, partnerSide: 'importer' }];
  if (flow === 'import') return [{ importers: reporter, exporters: partner, partnerSide: 'exporter' }];
  const exclusive = overlaps(sides, selfTrade);
  if (reporter) {
    return [
      { exporters: reporter, importers: partner, partnerSide: 'importer' },
      {
        importers: reporter,
        exporters: partner,
        ...(exclusive ? { exclude: { exporters: reporter, importers: partner } } : {}),
        partnerSide: 'exporter',
      },
    ];
  }
  if (partner) {
    return [
      { exporters: partner, partnerSide: 'importer' },
      { importers: partner, ...(exclusive ? { exclude: { exporters: partner } } : {}), partnerSide: 'importer' },
    ];
  }
  return [{ partnerSide: 'importer' }];
}

export function inList(name: string, ids: number[], b: Bindings): string {
  const col = column(name);
  return ids.length === 1 ? `${col} = ${b.bind(ids[0]!)}` : `${col} IN (${ids.map((id) => b.bind(id)).join(', ')})`;
}

export function rangesSql(name: string, ranges: CodeRange[], b: Bindings): string {
  const col = column(name);
  const parts = ranges.map((r) =>
    r.lo === r.hi ? `${col} = ${b.bind(r.lo)}` : `${col} BETWEEN ${b.bind(r.lo)} AND ${b.bind(r.hi)}`,
  );
  return parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
}

/** The periods a query reads: years or months (as month indexes), inclusive. */
export interface PeriodBounds {
  column: 'year' | 'month';
  from?: number;
  to?: number;
}

/** The WHERE conditions of one term over products and periods; every value is bound in `b`. */
export function termConditions(
  term: Term,
  scope: { products?: CodeRange[]; period: PeriodBounds },
  b: Bindings,
): string[] {
  const { products, period } = scope;
  const where: string[] = [];
  if (term.exporters) where.push(inList('exporter', term.exporters, b));
  if (term.importers) where.push(inList('importer', term.importers, b));
  if (term.exclude) {
    const both = [inList('exporter', term.exclude.exporters, b)];
    if (term.exclude.importers) both.push(inList('importer', term.exclude.importers, b));
    where.push(`NOT (${both.join(' AND ')})`);
  }
  if (products) where.push(rangesSql('hs6', products, b));
  // Always bound the period: DuckDB streams an unfiltered LIMIT scan far slower than a filtered one.
  const periodColumn = column(period.column);
  where.push(`${periodColumn} >= ${b.bind(period.from ?? 0)}`);
  if (period.to !== undefined) where.push(`${periodColumn} <= ${b.bind(period.to)}`);
  return where;
}

/** Columns a term's conditions read. */
export function termDimensions(term: Term, filter: { products?: CodeRange[] }): Set<string> {
  const dims = new Set<string>();
  if (term.exporters || term.exclude) dims.add('exporter');
  if (term.importers || term.exclude?.importers) dims.add('importer');
  if (filter.products) dims.add('hs6');
  return dims;
}

/**
 * The sorted copy whose leading key prunes the most: the pair when both sides are
 * named and the copies are the annual ones (`annual`: there is a pair-led copy),
 * else the side with the fewest ids, then products, then the period. `single` says
 * the copy's physical order is already (period, value desc, …) within the result:
 * the leading key is one value (for pairs: one exporter and one importer). The
 * annual copies led by a country or a product are in that order only within one
 * code (files written before kept it within one chapter, which holds the code); the
 * monthly product copy within one chapter.
 */
export function leadingKey(
  term: Term,
  filter: { products?: CodeRange[] },
  annual = false,
): { key: 'exporter' | 'importer' | 'hs6' | 'period' | 'pair'; single: boolean } {
  const e = term.exporters?.length ?? Infinity;
  const i = term.importers?.length ?? Infinity;
  const inOrder = annual ? oneCode(filter.products) : chaptersOf(filter.products) === 1;
  if (annual && e !== Infinity && i !== Infinity) return { key: 'pair', single: e === 1 && i === 1 };
  if (e !== Infinity || i !== Infinity) {
    const key = e <= i ? 'exporter' : 'importer';
    return { key, single: Math.min(e, i) === 1 && (!annual || inOrder) };
  }
  if (filter.products) return { key: 'hs6', single: inOrder };
  return { key: 'period', single: true };
}

/** Whether the codes are one HS6 code. */
function oneCode(products: CodeRange[] | undefined): boolean {
  const first = products?.[0];
  return Boolean(first && products.every((r) => r.lo === first.lo && r.hi === first.lo));
}

/** How many chapters the codes span (0 when no product is named). */
function chaptersOf(products: CodeRange[] | undefined): number {
  if (!products) return 0;
  return new Set(products.flatMap((r) => [Math.floor(r.lo / 10000), Math.floor(r.hi / 10000)])).size;
}
