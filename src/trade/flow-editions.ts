import { DEFAULT_HS_EDITION } from './catalogue.js';

/**
 * The HS edition of each flow, as SQL over a trade file attached as `schema`, for a
 * query whose flows table is aliased `f`: an annual flow's is its exporter's for the
 * year; a monthly flow's its importer's declaration's where it has one, otherwise
 * its exporter's (the reconciled declaration's). Flows without a recorded edition
 * (a file without an `editions` table: the bundled sample) are HS 2022.
 */
export function flowEdition(
  granularity: 'annual' | 'monthly',
  trade: { schema: string; hasEditions: boolean },
): { edition: string; join: string } {
  const fallback = String(DEFAULT_HS_EDITION);
  if (!trade.hasEditions) return { edition: fallback, join: '' };
  const editions = `${trade.schema}.editions`;
  if (granularity === 'annual') {
    return {
      edition: `coalesce(fe.hs_version, ${fallback})`,
      join: `LEFT JOIN ${editions} fe ON fe.granularity = 'annual' AND fe.country = f.exporter AND fe.period = f.year`,
    };
  }
  return {
    edition: `coalesce(CASE WHEN f.value_imp IS NOT NULL THEN fi.hs_version ELSE fx.hs_version END, ${fallback})`,
    join: `LEFT JOIN ${editions} fx ON fx.granularity = 'monthly' AND fx.country = f.exporter AND fx.period = f.month
       LEFT JOIN ${editions} fi ON fi.granularity = 'monthly' AND fi.country = f.importer AND fi.period = f.month`,
  };
}

/**
 * The code of each flow in edition `v`, as SQL over the same alias `f`: its own when
 * reported in `v`, its conversion (from the nomenclature attached as `nom`, joined
 * as `c` by `conversionJoin`) when reported in a later edition; null otherwise (an
 * earlier edition, or a code without a conversion): such a flow is left out.
 */
export const codeIn = (v: number, edition: string) =>
  `CASE WHEN ${edition} = ${v} THEN f.hs6 WHEN ${edition} > ${v} THEN c.to_hs6 END`;

export const conversionJoin = (v: number, edition: string, nom: string) =>
  `LEFT JOIN ${nom}.hs_conversions c ON c.to_version = ${v} AND c.from_version = ${edition} AND c.from_hs6 = f.hs6`;
