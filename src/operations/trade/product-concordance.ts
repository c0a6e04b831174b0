import { Type } from '@sinclair/typebox';
import { tradeBody } from '../../http/schemas.js';
import { codeRange, formatHs6 } from '../../trade/catalogue.js';
import { TradeInput } from '../../trade/params.js';
import { defineOperation } from '../operation.js';
import { ConcordanceQuery, ConcordanceSchema, ProductParams } from './schemas.js';

export const productConcordance = defineOperation({
  url: '/v1/trade/products/:pid/concordance',
  operationId: 'getProductConcordance',
  summary: 'The codes of another HS edition that the codes under a product correspond to',
  returns:
    'For each HS6 code under the product in its own edition, the codes of edition `to` it corresponds to, ' +
    'with the UNSD correlation relationship (1:1, n:1, 1:n, n:n) seen from its side; by edition, code, then to_hs6.',
  tag: 'trade',
  cost: 1,
  lane: 'light',
  params: ProductParams,
  query: ConcordanceQuery,
  body: tradeBody(
    Type.Array(ConcordanceSchema, { description: 'for each HS6 code under pid, the codes of the edition asked for' }),
  ),
  handler: async ({ query, params, stores }) => {
    const store = stores.trade();
    store.checkEdition(query.to);
    // The schema checked the code's shape; a code of either edition counts, named by a nomenclature or not.
    const digits = params.pid.replace(/^hs:/i, '');
    const rows = await store.concordance(codeRange(digits), query.to);
    if (rows.length === 0) {
      // Nothing corresponds: 404 when the nomenclature has nothing under the code either.
      const input = new TradeInput(store.catalogue);
      input.products(params.pid, 'pid', 'path');
      input.resolve();
    }
    return {
      data: rows.map((r) => ({ ...r, from_hs6: formatHs6(r.from_hs6), to_hs6: formatHs6(r.to_hs6) })),
    };
  },
});
