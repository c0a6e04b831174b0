import { Type } from '@sinclair/typebox';
import { tradeBody } from '../../http/schemas.js';
import { formatHs6 } from '../../trade/catalogue.js';
import { TradeInput } from '../../trade/params.js';
import { defineOperation } from '../operation.js';
import { yearInEdition } from './year-edition.js';
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
  weight: 'heavy',
  params: CountryParams,
  query: AdvantageQuery,
  body: tradeBody(Type.Array(AdvantageSchema, { description: 'products by rca descending' })),
  handler: async (request) => {
    const { query, params, stores } = request;
    const input = new TradeInput(stores.trade().catalogue);
    const country = input.countries(params.cid, 'path');
    const asked = input.years(query.year, query.year).from;
    input.resolve();
    const countries = country.value!;
    const at = await yearInEdition(stores, { year: asked, hsVersion: query.hs_version }, (reported) =>
      reported.latestExportYear(countries),
    );
    if (!at) return { data: [] };
    const { year, edition, store } = at;
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
