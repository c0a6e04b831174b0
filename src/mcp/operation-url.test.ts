import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../errors.js';
import { operationUrl } from './operation-url.js';

const partners = { url: '/v1/trade/countries/:cid/partners', pathParams: ['cid'] };

test('path parameters are encoded in place, the others make the query string', () => {
  assert.equal(
    operationUrl(partners, { cid: 'DE', flow: 'export', limit: 5, product: ['2709', '8703'] }),
    '/v1/trade/countries/DE/partners?flow=export&limit=5&product=2709%2C8703',
  );
  assert.equal(operationUrl(partners, { cid: 'a/b?c' }), '/v1/trade/countries/a%2Fb%3Fc/partners');
  assert.equal(
    operationUrl({ url: '/v1/search', pathParams: [] }, { q: 'inflation rate & more' }),
    '/v1/search?q=inflation+rate+%26+more',
  );
});

test('null arguments are absent, format is not passed on, unknown ones are (the operation refuses them)', () => {
  assert.equal(
    operationUrl({ url: '/v1/latest', pathParams: [] }, { country: null, format: 'csv', contry: 'DEU' }),
    '/v1/latest?contry=DEU',
  );
  assert.equal(operationUrl({ url: '/v1/indicators', pathParams: [] }, {}), '/v1/indicators');
});

test('a missing path parameter is a 422 naming it; a dot segment too', () => {
  assert.throws(
    () => operationUrl(partners, { flow: 'export' }),
    (e: unknown) => e instanceof ApiError && e.status === 422 && e.detail?.[0]?.loc[1] === 'cid',
  );
  assert.throws(
    () => operationUrl(partners, { cid: '' }),
    (e: unknown) => e instanceof ApiError && e.status === 422,
  );
  assert.throws(
    () => operationUrl(partners, { cid: '..' }),
    (e: unknown) => e instanceof ApiError && e.status === 422,
  );
});
