import { tradeBody } from '../../http/schemas.js';
import { countryDetail } from '../../trade/countries.js';
import { TradeInput } from '../../trade/params.js';
import { defineOperation } from '../operation.js';
import { CountryDetailSchema, CountryParams } from './schemas.js';

export const country = defineOperation({
  url: '/v1/trade/countries/:cid',
  operationId: 'getTradeCountry',
  summary: 'A country (or the EU group) and its region',
  returns: 'The country (or the EU group), its region and the sources of its figures.',
  tag: 'trade',
  cost: 1,
  params: CountryParams,
  body: tradeBody(CountryDetailSchema),
  handler: ({ params, stores }) => {
    const catalogue = stores.trade().catalogue;
    const input = new TradeInput(catalogue);
    input.countries(params.cid, 'path');
    input.resolve();
    return { data: countryDetail(catalogue, params.cid.trim().toUpperCase()) };
  },
});
