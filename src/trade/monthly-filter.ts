import { leadingKey, termConditions, type Term, type TradeFilter } from './filter.js';
import { type Bindings, table } from './sql.js';

/** Whose declarations a monthly flow is read from: the exporter's, the importer's, or the importer's where both. */
export type Method = 'exporter' | 'importer' | 'reconciled';

/** A method's value and quantity of a monthly row, who declared them, and the condition that it has them. */
export const METHOD_SQL: Record<Method, { value: string; qty: string; by: string; present: string }> = {
  exporter: { value: 'value_exp', qty: 'qty_exp', by: "'exporter'", present: 'value_exp IS NOT NULL' },
  importer: { value: 'value_imp', qty: 'qty_imp', by: "'importer'", present: 'value_imp IS NOT NULL' },
  reconciled: {
    value: 'coalesce(value_imp, value_exp)',
    qty: 'CASE WHEN value_imp IS NOT NULL THEN qty_imp ELSE qty_exp END',
    by: "CASE WHEN value_imp IS NOT NULL THEN 'importer' ELSE 'exporter' END",
    present: '', // every monthly row has at least one declaration (a table constraint)
  },
};

export interface MonthlyFilter {
  exporters?: number[];
  importers?: number[];
  products?: TradeFilter['products'];
  from?: number;
  to?: number;
  method: Method;
}

/** Monthly flows have no reporter side: exporters and importers as given. */
export const monthlyTerm = (f: MonthlyFilter): Term => ({
  exporters: f.exporters,
  importers: f.importers,
  partnerSide: 'importer',
});

/** The sorted copy of the monthly flows led by the filter's leading key. */
export function monthlyTable(f: MonthlyFilter): string {
  const lead = leadingKey(monthlyTerm(f), f);
  return table(`monthly_by_${lead.key === 'period' ? 'month' : lead.key}`);
}

/** The conditions on countries, products and months of `f`, for a monthly copy or aggregate. */
export function monthlyTermConditions(f: MonthlyFilter, b: Bindings): string[] {
  return termConditions(
    monthlyTerm(f),
    { products: f.products, period: { column: 'month', from: f.from, to: f.to } },
    b,
  );
}

/** The conditions of `f` on a monthly copy: its countries, products and months, and that the method has a value. */
export function monthlyConditions(f: MonthlyFilter, b: Bindings): string[] {
  const conds = monthlyTermConditions(f, b);
  if (METHOD_SQL[f.method].present) conds.push(METHOD_SQL[f.method].present);
  return conds;
}
