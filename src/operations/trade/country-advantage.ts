import { Type } from '@sinclair/typebox';
import { invalidParam } from '../../errors.js';
import { tradeBody } from '../../http/schemas.js';
import { formatHs6 } from '../../trade/catalogue.js';
import { TradeInput } from '../../trade/params.js';
import { defineOperation } from '../operation.js';
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
    const reported = stores.trade();
    const input = new TradeInput(reported.catalogue);
    const country = input.countries(params.cid, 'path');
    const asked = input.years(query.year, query.year).from;
    input.resolve();
    const countries = country.value!;
    const year = asked ?? (await reported.latestExportYear(countries));
    if (year === undefined) return { data: [] };
    const edition = query.hs_version ?? reported.defaultEdition(year);
    const loaded = reported.editionsLoaded;
    const store = loaded.includes(edition) ? stores.trade(edition) : reported;
    // Without a conversion table, only flows reported in the edition can count.
    const present = store.catalogue.annualEditionsOf(year);
    if (!present.includes(edition)) {
      const known = [...new Set([...present, ...loaded])].sort((a, b) => a - b).join(', ');
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
