import { invalidParam } from '../errors.js';
import { annualAggregate } from './annual-sums.js';
import { tableNames, type Database } from '../store/duckdb.js';
import { TradeCatalogue } from './catalogue.js';
import { leadingKey, termConditions, type TradeFilter } from './filter.js';
import { codeIn, conversionJoin, flowEdition } from './flow-editions.js';
import { monthlyConditions, monthlyTable, type MonthlyFilter } from './monthly-filter.js';
import { Bindings, table, where } from './sql.js';
import { readSumsAhead } from './store.js';

/** What an edition file says of its flows (see `EditionReport` in ingest/trade-editions.ts). */
interface EditionCounts {
  own: number;
  converted: number;
  earlier: number;
  unconverted: number;
}

/** An edition file as served: its database, its catalogue and what it left out. */
export interface EditionFile {
  db: Database;
  catalogue: TradeCatalogue;
  counts: EditionCounts;
}

/**
 * The HS editions a snapshot answers in: those of its loaded conversion tables. In
 * an edition every flow reported in it is served as is and every flow of a later
 * edition under its converted code (an edition file); flows of an earlier edition,
 * and of a later one without a conversion, are left out and counted.
 */
export class TradeEditions {
  constructor(
    /** The editions of the loaded conversion tables, ascending. */
    readonly loaded: readonly number[],
    private readonly files: ReadonlyMap<number, EditionFile>,
    /** Whether the trade file records its flows' editions (an ingested file does; the sample does not). */
    private readonly hasEditions: boolean,
  ) {}

  /** The edition file of `hsVersion`; undefined when every flow is reported in it (the trade file answers). */
  file(hsVersion: number): EditionFile | undefined {
    return this.files.get(hsVersion);
  }

  /** 422 unless a conversion table of the edition is loaded. */
  check(hsVersion: number): void {
    if (this.loaded.includes(hsVersion)) return;
    const loaded = this.loaded.length ? this.loaded.join(', ') : 'none';
    throw invalidParam(['query', 'hs_version'], `no HS conversion table of this edition is loaded; loaded: ${loaded}`);
  }

  /**
   * How many annual flows matching `filter` are left out in `hsVersion` (the product
   * filter read on their own codes): none when the edition file left none out; every
   * match when it kept none; otherwise counted over the reported flows.
   */
  async excludedAnnual(db: Database, hsVersion: number, filter: TradeFilter): Promise<number> {
    const counts = this.files.get(hsVersion)?.counts;
    if (!counts || counts.earlier + counts.unconverted === 0) return 0;
    if (counts.own + counts.converted === 0) {
      const years = await annualAggregate(db, filter, { groups: ['year'] });
      return years.reduce((n, y) => n + y.n, 0);
    }
    const b = new Bindings();
    const parts = filter.terms.map((term) => {
      const conds = termConditions(
        term,
        { products: filter.products, period: { column: 'year', from: filter.from, to: filter.to } },
        b,
      );
      const lead = leadingKey(term, filter, true).key;
      const source = table(`annual_by_${lead === 'period' ? 'year' : lead}`);
      return this.excludedSql({ granularity: 'annual', v: hsVersion, source }, conds);
    });
    return this.count(db, parts, b);
  }

  /** How many monthly flows matching `filter` (and having its method's declaration) are left out in `hsVersion`. */
  async excludedMonthly(db: Database, hsVersion: number, filter: MonthlyFilter): Promise<number> {
    const counts = this.files.get(hsVersion)?.counts;
    if (!counts || counts.earlier + counts.unconverted === 0) return 0;
    const b = new Bindings();
    const scope = { granularity: 'monthly', v: hsVersion, source: monthlyTable(filter) } as const;
    return this.count(db, [this.excludedSql(scope, monthlyConditions(filter, b))], b);
  }

  /** Counts the flows of `source` meeting `conds` that have no code in edition `v`. */
  private excludedSql(
    { granularity, v, source }: { granularity: 'annual' | 'monthly'; v: number; source: string },
    conds: string[],
  ): string {
    const { edition, join } = flowEdition(granularity, { schema: 'trade', hasEditions: this.hasEditions });
    // The joined tables share no column name with the flows, so the filter's columns stay unqualified.
    return `SELECT count(*) AS n FROM ${source} f ${join} ${conversionJoin(v, edition, 'nom')}
      ${where([...conds, `${codeIn(v, edition)} IS NULL`])}`;
  }

  private async count(db: Database, parts: string[], b: Bindings): Promise<number> {
    const [row] = await db.query<{ n: number }>(
      `SELECT sum(n)::DOUBLE AS n FROM (${parts.join(' UNION ALL ')})`,
      { n: true },
      b.values,
    );
    return row?.n ?? 0;
  }

  /** Reads the editions of a snapshot: its loaded conversion tables and its edition files. */
  static async load(
    db: Database,
    files: { nomenclature: boolean; editions: ReadonlyMap<number, Database> },
  ): Promise<TradeEditions> {
    const loaded =
      files.nomenclature && (await tableNames(db, 'nom')).has('hs_conversions')
        ? (
            await db.query<{ v: number }>(
              `SELECT DISTINCT v::INTEGER AS v FROM (SELECT from_version AS v FROM nom.hs_conversions
               UNION SELECT to_version FROM nom.hs_conversions) ORDER BY v`,
              { v: true },
            )
          ).map((r) => r.v)
        : [];
    const read = new Map<number, EditionFile>();
    for (const [v, edition] of files.editions) {
      const [catalogue, [counts]] = await Promise.all([
        TradeCatalogue.load(edition, 'trade', files.nomenclature ? 'nom' : 'trade'),
        edition.query<EditionCounts>(
          'SELECT own::DOUBLE AS own, converted::DOUBLE AS converted, earlier::DOUBLE AS earlier, ' +
            'unconverted::DOUBLE AS unconverted FROM trade.edition_report',
          { own: true, converted: true, earlier: true, unconverted: true },
        ),
      ]);
      readSumsAhead(edition);
      read.set(v, { db: edition, catalogue, counts: counts! });
    }
    return new TradeEditions(loaded, read, (await tableNames(db, 'trade')).has('editions'));
  }
}

/**
 * The edition RCA is computed in when none is asked for: the one every flow of the
 * year was reported in; when there are several, the earliest with a loaded
 * conversion table (every later flow converts into it); without one, the edition
 * most exporters reported in.
 */
export function defaultEdition(catalogue: TradeCatalogue, at: { year: number; loaded: readonly number[] }): number {
  const counts = new Map<number, number>();
  for (const c of catalogue.countries) {
    const e = catalogue.annualEdition(c.id, at.year);
    counts.set(e, (counts.get(e) ?? 0) + 1);
  }
  if (counts.size > 1 && at.loaded.length > 0) return at.loaded[0]!;
  return [...counts].reduce((best, e) => (e[1] > best[1] ? e : best))[0];
}
