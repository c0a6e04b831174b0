import { formatHs6, monthDate, type TradeCatalogue } from './catalogue.js';
import type { AnnualRow } from './annual-listing.js';
import type { AggregateRow, GroupKey } from './annual-sums.js';
import type { TradeFilter } from './filter.js';
import type { MonthlyRow } from './monthly-listing.js';
import type { MonthlyGroup } from './monthly-sums.js';
import type { TradeStore } from './store.js';

const KG = 'kg';

/** A sum of flows: all five keys present, null except the one it is grouped by. */
export interface GroupedPoint {
  period: string | null;
  partner: string | null;
  exporter: string | null;
  importer: string | null;
  hs6: string | null;
  value_usd: number;
  quantity: number | null;
  flow_count: number;
}

interface Sums {
  /** The value of the grouping key (a year, month index, country id or HS6 code). */
  key: number;
  value: number;
  qty: number | null;
  n: number;
}

function point(catalogue: TradeCatalogue, groupedBy: GroupKey | 'month', sums: Sums): GroupedPoint {
  const { key: keyValue } = sums;
  const key = groupedBy;
  const p: GroupedPoint = {
    period: null,
    partner: null,
    exporter: null,
    importer: null,
    hs6: null,
    value_usd: sums.value,
    quantity: sums.qty,
    flow_count: Math.round(sums.n),
  };
  if (key === 'year') p.period = `${keyValue}-01-01`;
  else if (key === 'month') p.period = monthDate(keyValue);
  else if (key === 'hs6') p.hs6 = formatHs6(keyValue);
  else p[key] = catalogue.iso2(keyValue);
  return p;
}

/** Annual sums grouped by `key` as grouped points. */
export function annualPoints(catalogue: TradeCatalogue, key: GroupKey, rows: AggregateRow[]): GroupedPoint[] {
  return rows.map((r) => point(catalogue, key, { key: r[key]!, value: r.value, qty: r.qty, n: r.n }));
}

/** The flows a filter selects, summed by year: one grouped point a year, ascending. */
export async function yearSeries(store: TradeStore, filter: TradeFilter): Promise<GroupedPoint[]> {
  const rows = await store.aggregate(filter, { groups: ['year'], orderBy: 'key' });
  return annualPoints(store.catalogue, 'year', rows);
}

/** Monthly sums grouped by `key` as grouped points. */
export function monthlyPoints(
  catalogue: TradeCatalogue,
  key: 'month' | 'exporter' | 'importer' | 'hs6',
  rows: MonthlyGroup[],
): GroupedPoint[] {
  return rows.map((r) => point(catalogue, key, r));
}

export function annualObservation(catalogue: TradeCatalogue, r: AnnualRow) {
  return {
    exporter: catalogue.iso2(r.exporter),
    importer: catalogue.iso2(r.importer),
    hs6: formatHs6(r.hs6),
    hs_version: catalogue.annualEdition(r.exporter, r.year),
    period: `${r.year}-01-01`,
    granularity: 'annual',
    value_usd: r.value,
    quantity: r.qty,
    quantity_unit: KG,
  };
}

export function monthlyObservation(catalogue: TradeCatalogue, r: MonthlyRow) {
  return {
    exporter: catalogue.iso2(r.exporter),
    importer: catalogue.iso2(r.importer),
    hs6: formatHs6(r.hs6),
    // The edition of the declaration the figure comes from.
    hs_version: catalogue.monthlyEdition(r.reported_by === 'exporter' ? r.exporter : r.importer, r.month),
    period: monthDate(r.month),
    granularity: 'monthly',
    value_usd: r.value,
    quantity: r.qty,
    quantity_unit: KG,
    reported_by: r.reported_by,
  };
}
