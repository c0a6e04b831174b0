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
    'RCA = (x_cp / x_c) / (x_wp / x_w) over every exporter of the edition in that year.',
  tag: 'trade',
  cost: 2,
  params: CountryParams,
  query: AdvantageQuery,
  body: tradeBody(Type.Array(AdvantageSchema)),
  handler: async ({ query, params, stores }) => {
    const store = stores.trade;
    const input = new TradeInput(store.catalogue);
    const country = input.countries(params.cid, 'path');
    const asked = input.years(query.year, query.year).from;
    input.resolve();
    const countries = country.value!;
    const year = asked ?? (await store.latestExportYear(countries));
    if (year === undefined) return { data: [] };
    // A group's edition: the one most of its members reported the year in.
    const members = new Map<number, number>();
    for (const id of countries) {
      const e = store.catalogue.annualEdition(id, year);
      members.set(e, (members.get(e) ?? 0) + 1);
    }
    const common = [...members].reduce((best, e) => (e[1] > best[1] ? e : best))[0];
    const edition = query.hs_version ?? common;
    const loaded = store.catalogue.annualEditionsOf(year);
    if (query.hs_version !== undefined && !loaded.includes(query.hs_version))
      throw invalidParam(['query', 'hs_version'], `no flows of ${year} in it; loaded: ${loaded.join(', ')}`);
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
