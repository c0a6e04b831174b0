import { Type } from '@sinclair/typebox';
import { tradeBody } from '../../http/schemas.js';
import { rankedBy } from '../../trade/complexity/rankings.js';
import { TradeInput } from '../../trade/params.js';
import { defineOperation } from '../operation.js';
import { ComplexityRankingQuery, CountryComplexitySchema } from './complexity-schemas.js';
import { computedYear } from './complexity-year.js';

export const complexityCountries = defineOperation({
  url: '/v1/trade/complexity/countries',
  operationId: 'listCountryComplexity',
  summary: 'Countries ranked by economic complexity (ECI) in a year',
  returns:
    'One row per kept country, by eci descending (ties by country): ECI and COI as the Growth Lab computes them, ' +
    "over one year's exports in one HS edition, with every filter a parameter.",
  tag: 'trade',
  cost: 2,
  query: ComplexityRankingQuery,
  body: tradeBody(Type.Array(CountryComplexitySchema, { description: 'countries by eci descending' })),
  handler: async ({ query, stores }) => {
    const { catalogue } = stores.trade();
    const computed = await computedYear(stores, new TradeInput(catalogue), query);
    if (!computed) return { data: [] };
    const { cx, at } = computed;
    const iso2 = (c: number) => catalogue.iso2(cx.countries[c]!);
    const order = rankedBy(cx.eci, iso2);
    return {
      data: order.slice(0, query.limit).map((c, i) => ({
        country: iso2(c),
        eci: cx.eci[c]!,
        coi: cx.coi[c]!,
        rank: i + 1,
        diversity: cx.diversity[c]!,
        exports_usd: cx.exports[c]!,
        ...at,
      })),
    };
  },
});
