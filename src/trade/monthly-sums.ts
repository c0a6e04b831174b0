import type { Database } from '../store/duckdb.js';
import {
  METHOD_SQL,
  monthlyConditions,
  monthlyTable,
  monthlyTermConditions,
  type MonthlyFilter,
} from './monthly-filter.js';
import { Bindings, column, table, where } from './sql.js';
import { MONTHLY_AGGREGATES, aggregateTable } from './file-format/index.js';

/** Per-method columns of the monthly aggregates. */
const MONTHLY_SUMS: Record<MonthlyFilter['method'], { value: string; qty: string; n: string }> = {
  exporter: { value: 'v_exporter', qty: 'q_exporter', n: 'n_exporter' },
  importer: { value: 'v_importer', qty: 'q_importer', n: 'n_importer' },
  reconciled: { value: 'v_reconciled', qty: 'q_reconciled', n: 'n_reconciled' },
};

/** The monthly aggregate that keeps exactly `dims` (besides the month), if there is one. */
function aggregateKeeping(dims: Set<string>): string | undefined {
  const found = Object.entries(MONTHLY_AGGREGATES).find(
    ([, kept]) => kept.length === dims.size && kept.every((d) => dims.has(d)),
  );
  return found && table(aggregateTable('monthly', found[0]));
}

/** Where sums of monthly flows are read: a table, its value, quantity and count columns, and the conditions. */
export interface MonthlySource {
  table: string;
  value: string;
  qty: string;
  n: string;
  conds: string[];
}

/**
 * The smallest monthly table that answers sums over `f` grouped by `dims`: the
 * aggregate keeping just the countries and products involved (the pair aggregate
 * when no product is, the product aggregate when no country is), otherwise the
 * sorted copy of the leading key.
 */
export function monthlySums(f: MonthlyFilter, dims: string[], b: Bindings): MonthlySource {
  const involved = new Set<string>();
  if (f.exporters || dims.includes('exporter')) involved.add('exporter');
  if (f.importers || dims.includes('importer')) involved.add('importer');
  if (f.products || dims.includes('hs6')) involved.add('hs6');
  const aggregate = aggregateKeeping(involved);
  if (aggregate) {
    const conds = monthlyTermConditions(f, b);
    const sums = MONTHLY_SUMS[f.method];
    conds.push(`${sums.n} > 0`);
    return { table: aggregate, ...sums, conds };
  }
  const m = METHOD_SQL[f.method];
  return { table: monthlyTable(f), value: m.value, qty: m.qty, n: '1', conds: monthlyConditions(f, b) };
}

export interface MonthlyGroup {
  key: number;
  value: number;
  qty: number | null;
  n: number;
}

/** Monthly flows summed by period (sorted by period) or by a country or product (by value descending). */
export interface MonthlyGrouping {
  groupBy: 'month' | 'exporter' | 'importer' | 'hs6';
  limit: number;
}

export async function monthlyGrouped(db: Database, f: MonthlyFilter, opts: MonthlyGrouping): Promise<MonthlyGroup[]> {
  const { groupBy, limit } = opts;
  const b = new Bindings();
  const sums = monthlySums(f, [groupBy], b);
  const key = column(groupBy);
  const order = groupBy === 'month' ? 'ORDER BY key' : 'ORDER BY value DESC, key';
  return db.query<MonthlyGroup>(
    `
    SELECT ${key} AS key, sum(${sums.value})::DOUBLE AS value, sum(${sums.qty})::DOUBLE AS qty,
           sum(${sums.n})::DOUBLE AS n
    FROM ${sums.table} ${where(sums.conds)} GROUP BY ${key} ${order} LIMIT ${b.bind(limit)}`,
    { key: true, value: true, qty: true, n: true },
    b.values,
  );
}
