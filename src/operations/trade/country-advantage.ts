import { Type } from '@sinclair/typebox';
import { invalidParam } from '../../errors.js';
import { tradeBody } from '../../http/schemas.js';
import { formatHs6, type TradeCatalogue } from '../../trade/catalogue.js';
import { TradeInput } from '../../trade/params.js';
import { defineOperation } from '../operation.js';
import { tradeInEdition } from './edition.js';
import { AdvantageQuery, AdvantageSchema, CountryParams } from './schemas.js';

export const countryAdvantage = defineOperation({
  url: '/v1/trade/countries/:cid/advantage',
  operationId: 'getCountryAdvantage',
  summary: "Products of a country ranked by revealed comparative advantage (Balassa's index)",
  returns:
    'One row per product the country exported in the year, by rca descending (ties by hs6): ' +
    'RCA = (x_cp / x_c) / (x_wp / x_w) over every exporter in that year, in one HS edition ' +
    '(flows of later editions converted, of earlier ones left out and counted in x-hs-excluded-flows).',
  tag: 'trade',
  cost: 2,
  params: CountryParams,
  query: AdvantageQuery,
  body: tradeBody(Type.Array(AdvantageSchema, { description: 'products by rca descending' })),
  handler: async (request) => {
    const { query, params, stores } = request;
    const reported = stores.trade;
    const input = new TradeInput(reported.catalogue);
    const country = input.countries(params.cid, 'path');
    const asked = input.years(query.year, query.year).from;
    input.resolve();
    const countries = country.value!;
    const year = asked ?? (await reported.latestExportYear(countries));
    if (year === undefined) return { data: [] };
    const edition = query.hs_version ?? defaultEdition(reported.catalogue, { year, loaded: stores.editionsLoaded });
    const { store, countExcluded } = tradeInEdition(
      request,
      stores.editionsLoaded.includes(edition) ? edition : undefined,
    );
    // Every exporter's flows of the year count toward the world's: those left out are counted.
    await countExcluded({ terms: [{ partnerSide: 'importer' }], from: year, to: year });
    // Without a conversion table, only flows reported in the edition can count.
    const present = store.catalogue.annualEditionsOf(year);
    if (!present.includes(edition)) {
      const known = [...new Set([...present, ...stores.editionsLoaded])].sort((a, b) => a - b).join(', ');
      throw invalidParam(['query', 'hs_version'], `no flows of ${year} in it or converted to it; loaded: ${known}`);
    }
    const rows = await store.advantage({ countries, year, edition, limit: query.limit, minValue: query.min_value });
    return {
      data: rows.map((r) => ({
        hs6: formatHs6(r.hs6),
        hs_version: edition,
        value_usd: r.value,
        world_value_usd: r.world,
        share: r.share,
        world_share: r.world_share,
        rca: r.rca,
      })),
    };
  },
});

/**
 * The edition RCA is computed in when none is asked for: the one every flow of the
 * year was reported in; when there are several, the earliest with a loaded
 * conversion table (every later flow converts into it); without one, the edition
 * most exporters reported in.
 */
function defaultEdition(catalogue: TradeCatalogue, at: { year: number; loaded: readonly number[] }): number {
  const counts = new Map<number, number>();
  for (const c of catalogue.countries) {
    const e = catalogue.annualEdition(c.id, at.year);
    counts.set(e, (counts.get(e) ?? 0) + 1);
  }
  if (counts.size > 1 && at.loaded.length > 0) return at.loaded[0]!;
  return [...counts].reduce((best, e) => (e[1] > best[1] ? e : best))[0];
}
