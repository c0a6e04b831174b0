import type { Database } from '../store/duckdb.js';
import { sumsInMemory } from './memory-sums.js';
import type { Fields } from '../store/rows.js';
import { leadingKey, termConditions, termDimensions, type Term, type TradeFilter } from './filter.js';
import { flowSums } from './flow-sums.js';
import { PairSums, type PairGroup } from './pair-sums.js';
import { AggregateSlices, type SlicedAggregate } from './slices.js';
import { Bindings, column, table, where } from './sql.js';

export type GroupKey = 'year' | 'exporter' | 'importer' | 'hs6' | 'partner';

export interface AggregateRow {
  year?: number;
  exporter?: number;
  importer?: number;
  hs6?: number;
  partner?: number;
  value: number;
  qty: number | null;
  value_q: number | null;
  n: number;
}

/** The sums every aggregate row has; the keys are those of the groups asked for. */
const AGGREGATE_FIELDS: Fields<AggregateRow> = {
  year: false,
  exporter: false,
  importer: false,
  hs6: false,
  partner: false,
  value: true,
  qty: true,
  value_q: true,
  n: true,
};

/** The smallest annual table that has every column a term needs. */
function annualSource(
  term: Term,
  filter: TradeFilter,
  groups: GroupKey[],
): { table: string; value: string; qty: string; valueQ: string; n: string; aggregate?: string } {
  const dims = termDimensions(term, filter);
  for (const g of groups) {
    if (g === 'partner') dims.add(term.partnerSide);
    else if (g !== 'year') dims.add(g);
  }
  const agg = (name: string) => ({
    aggregate: name,
    table: table(`agg_${name}`),
    value: 'value',
    qty: 'qty',
    valueQ: 'value_q',
    n: 'n',
  });
  if (!dims.has('hs6')) return agg('pair');
  if (!dims.has('importer') && !dims.has('exporter')) return agg('hs6');
  // A country only grouped, not filtered: the product-led copy prunes on the product.
  if (!dims.has('importer')) return agg(term.exporters || !filter.products ? 'exporter_hs6' : 'hs6_exporter');
  if (!dims.has('exporter')) return agg(term.importers || !filter.products ? 'importer_hs6' : 'hs6_importer');
  const lead = leadingKey(term, filter, true);
  return {
    table: table(`annual_by_${lead.key === 'period' ? 'year' : lead.key}`),
    value: 'value',
    qty: 'qty',
    valueQ: 'CASE WHEN qty IS NOT NULL THEN value END',
    n: '1',
  };
}

/**
 * Sums of value, quantity, value of rows with a quantity, and observation count over
 * the matching annual observations, grouped by `groups` (`partner` = the partner side
 * of each term). Sorted by `orderBy` and cut to `limit` when given.
 */
export interface Aggregation {
  groups: GroupKey[];
  orderBy?: 'value' | 'key';
  limit?: number;
}

export async function annualAggregate(db: Database, filter: TradeFilter, opts: Aggregation): Promise<AggregateRow[]> {
  const { groups } = opts;
  // Without a product, the sums of a few countries come from the pair aggregate, held in memory.
  if (sumsInMemory(db).memorySums && !filter.products && !groups.includes('hs6')) {
    const pairs = await PairSums.of(db);
    const rows = pairs.aggregate(filter, { ...opts, groups: groups as PairGroup[] });
    if (rows) return rows as AggregateRow[];
  }
  // With a product, the sums of one country's or one product range's rows of an aggregate
  // come from its slice, held in memory.
  const sources = filter.terms.map((term) => annualSource(term, filter, groups).aggregate);
  if (sumsInMemory(db).memorySums && sources.every((s) => s !== undefined && s !== 'pair')) {
    const slices = await AggregateSlices.of(db);
    const rows = await slices.aggregate(db, { filter, sources: sources as SlicedAggregate[] }, opts);
    if (rows) return rows as AggregateRow[];
  }
  // Over the flows of a pair, or of one country in some products: from the listings held in memory.
  if (sumsInMemory(db).memorySums && sources.every((s) => s === undefined)) {
    const rows = await flowSums(db, filter, opts);
    if (rows) return rows as AggregateRow[];
  }
  // Sums by year of a term naming nothing (every flow): the whole table's, summed once by
  // DuckDB and kept for the snapshot; a year's sums are the same whatever the other years.
  const [only] = filter.terms;
  if (
    sumsInMemory(db).memorySums &&
    filter.terms.length === 1 &&
    !names(only!) &&
    !filter.products &&
    groups[0] === 'year'
  ) {
    if (!opts.orderBy && !opts.limit) {
      const key = `trade:every-flow:${only!.partnerSide}:${groups.join(',')}`;
      const all = await db.shared(key, (root) => sqlAggregate(root, { terms: filter.terms }, { groups }));
      const from = filter.from ?? 0;
      const to = filter.to ?? Infinity;
      return all.filter((r) => r.year! >= from && r.year! <= to);
    }
  }
  return sqlAggregate(db, filter, opts);
}

/** Whether a term names a country. */
const names = (term: Term) => Boolean(term.exporters || term.importers || term.exclude);

/** The sums of `annualAggregate`, by DuckDB. */
async function sqlAggregate(db: Database, filter: TradeFilter, opts: Aggregation): Promise<AggregateRow[]> {
  const { groups } = opts;
  const b = new Bindings();
  const subqueries = filter.terms.map((term) => {
    const src = annualSource(term, filter, groups);
    const cols = groups.map((g) => (g === 'partner' ? `${column(term.partnerSide)} AS partner` : column(g)));
    const conds = termConditions(
      term,
      { products: filter.products, period: { column: 'year', from: filter.from, to: filter.to } },
      b,
    );
    const sums = [`${src.value} AS value`, `${src.qty} AS qty`, `${src.valueQ} AS value_q`, `${src.n} AS n`];
    return `SELECT ${[...cols, ...sums].join(', ')} FROM ${src.table} ${where(conds)}`;
  });
  const keys = groups.map((g) => (g === 'partner' ? 'partner' : column(g))).join(', ');
  const order =
    opts.orderBy === 'value' ? `ORDER BY value DESC${keys ? `, ${keys}` : ''}` : keys ? `ORDER BY ${keys}` : '';
  const sql = `
    SELECT ${keys ? `${keys}, ` : ''}sum(value)::DOUBLE AS value, sum(qty)::DOUBLE AS qty,
           sum(value_q)::DOUBLE AS value_q, sum(n)::DOUBLE AS n
    FROM (${subqueries.join(' UNION ALL ')}) ${keys ? `GROUP BY ${keys}` : ''}
    HAVING count(*) > 0 ${order} ${opts.limit ? `LIMIT ${b.bind(opts.limit)}` : ''}`;
  return db.query(sql, AGGREGATE_FIELDS, b.values);
}
