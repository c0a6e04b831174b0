import { Type } from '@sinclair/typebox';
import { invalidParam } from '../../errors.js';
import { tradeBody } from '../../http/schemas.js';
import { EU_GROUP } from '../../trade/catalogue.js';
import { opportunitiesOf, productCode, rcaRow } from '../../trade/complexity/rankings.js';
import { TradeInput } from '../../trade/params.js';
import { defineOperation } from '../operation.js';
import { ComplexityNeighboursQuery, OpportunitySchema } from './complexity-schemas.js';
import { computedYear } from './complexity-year.js';
import { CountryParams } from './schemas.js';

export const countryOpportunities = defineOperation({
  url: '/v1/trade/countries/:cid/opportunities',
  operationId: 'getCountryOpportunities',
  summary: 'Products a country could move into: density and complexity outlook gain (COG)',
  returns:
    'Every kept product the country exports with RCA below 1 (those it does not export at all included), ' +
    'by cog descending (ties by product); [] when the country is not among the kept ones.',
  tag: 'trade',
  cost: 2,
  params: CountryParams,
  query: ComplexityNeighboursQuery,
  body: tradeBody(Type.Array(OpportunitySchema, { description: 'products by cog descending' })),
  handler: async ({ query, params, stores }) => {
    if (params.cid.toUpperCase() === EU_GROUP.id)
      throw invalidParam(['path', 'cid'], 'a group has no complexity of its own: ask for one of its members');
    const { catalogue } = stores.trade();
    const input = new TradeInput(catalogue);
    const country = input.countries(params.cid, 'path');
    const computed = await computedYear(stores, input, query);
    if (!computed) return { data: [] };
    const { cx, at } = computed;
    const c = cx.countries.indexOf(country.value![0]!);
    if (c < 0) return { data: [] };
    const np = cx.products.length;
    const { products, cog } = opportunitiesOf(cx, c);
    const rca = rcaRow(cx, c);
    return {
      data: products.slice(0, query.limit).map((p) => ({
        product: productCode(cx.products[p]!, at.level),
        density: cx.density[c * np + p]!,
        cog: cog[p]!,
        pci: cx.pci[p]!,
        rca: rca[p]!,
        value_usd: cx.value[c * np + p]!,
        ...at,
      })),
    };
  },
});
