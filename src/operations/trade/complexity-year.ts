import type { Static } from '@sinclair/typebox';
import type { Stores } from '../../datasets.js';
import type { Complexity } from '../../trade/complexity/measures.js';
import type { ComplexityLevel } from '../../trade/complexity/year-exports.js';
import type { TradeInput } from '../../trade/params.js';
import type { ComplexityRankingQuery } from './complexity-schemas.js';
import { yearInEdition } from './year-edition.js';

/** A computed year and what it was computed for, as every complexity row says it. */
export interface ComputedYear {
  cx: Complexity;
  at: { year: number; level: ComplexityLevel; hs_version: number };
}

/**
 * The economic complexity the query asks for (CONTRACT §4): its year (the latest with
 * data by default) in its edition, at its level, with its thresholds; undefined when
 * there is none to give (no data, fewer than two kept, σ = 0), which answers `[]`.
 * `input` resolves the year with whatever else the operation asked it to (404s first).
 */
export async function computedYear(
  stores: Stores,
  input: TradeInput,
  query: Omit<Static<typeof ComplexityRankingQuery>, 'limit'>,
): Promise<ComputedYear | undefined> {
  const asked = input.years(query.year, query.year).from;
  input.resolve();
  const latestYear = (catalogue: { coverage: Array<{ yearly_last: number | null }> }) => {
    const last = Math.max(...catalogue.coverage.map((r) => r.yearly_last ?? -Infinity));
    return Number.isFinite(last) ? last : undefined;
  };
  const at = await yearInEdition(stores, { year: asked, hsVersion: query.hs_version }, (reported) =>
    Promise.resolve(latestYear(reported.catalogue)),
  );
  if (!at) return undefined;
  const { year, edition, store } = at;
  const cx = await store.complexity({
    year,
    edition,
    level: query.level,
    minCountryExports: query.min_country_exports,
    minProductTrade: query.min_product_trade,
  });
  return cx ? { cx, at: { year, level: query.level, hs_version: edition } } : undefined;
}
