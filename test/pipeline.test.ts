import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ERRORS } from '../src/errors.js';
import { UUID_V4, expectError, startTestServer, type TestServer } from './helpers/server.js';
import { ROOT } from './helpers/paths.js';

const OPERATIONS = [
  '/v1/countries',
  '/v1/indicators',
  '/v1/latest',
  '/v1/history',
  '/v1/search?q=us',
  '/v1/updates?since=2020-01-01',
];

describe('request pipeline', () => {
  let s: TestServer;
  before(async () => {
    // A real port for the two requests sent with fetch itself (HEAD, a GET declaring a body).
    s = await startTestServer({ listen: true });
  });
  after(() => s.close());

  it('gives every response a fresh UUID v4 in header and body', async () => {
    const a = await s.get('/v1/countries');
    const b = await s.get('/v1/countries');
    assert.equal(a.status, 200);
    assert.match(a.body.request_id, UUID_V4);
    assert.equal(a.headers.get('x-request-id'), a.body.request_id);
    assert.notEqual(a.body.request_id, b.body.request_id);
    assert.match(a.headers.get('content-type')!, /^application\/json; charset=utf-8$/);
  });

  it('ignores a client-supplied request id', async () => {
    const r = await s.get('/v1/countries', { headers: { 'x-request-id': 'mine' } });
    assert.notEqual(r.body.request_id, 'mine');
    assert.match(r.body.request_id, UUID_V4);
  });

  it('answers 404 not_found for an unknown path, before the key check', async () => {
    expectError(await s.get('/v1/nothing-here', { headers: { authorization: '' } }), 404, 'not_found');
    expectError(await s.get('/v2/countries'), 404, 'not_found');
  });

  it('answers 405 with Allow for other methods on every known path, before the key check', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      for (const op of ['/v1/countries', '/v1/history', '/v1/openapi.json']) {
        const r = await s.get(op, { method, headers: { authorization: '' } });
        expectError(r, 405, 'method_not_allowed');
        assert.equal(r.headers.get('allow'), 'GET, HEAD');
      }
    }
  });

  it('answers an undecodable path with 400 in the canonical shape', async () => {
    expectError(await s.get('/v1/%zz'), 400, 'bad_request');
  });

  it('ignores request bodies: a malformed one neither hides a 405 nor breaks a GET', async () => {
    const post = await s.get('/v1/countries', {
      method: 'POST',
      body: '{bad',
      headers: { 'content-type': 'application/json' },
    });
    expectError(post, 405, 'method_not_allowed');
    const get = await fetch(`${s.url}/v1/countries`, {
      method: 'GET',
      headers: {
        authorization: 'Bearer test-key-0123456789abcdef',
        'content-type': 'application/json',
        'content-length': '4',
      },
      body: undefined,
    });
    assert.equal(get.status, 200);
  });

  it('serves HEAD like GET without a body', async () => {
    const res = await fetch(`${s.url}/v1/countries`, {
      method: 'HEAD',
      headers: { authorization: 'Bearer test-key-0123456789abcdef' },
    });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('x-request-id')!, UUID_V4);
    assert.equal(await res.text(), '');
  });

  it('answers 401 invalid_key for a missing, malformed or unknown key on every operation', async () => {
    for (const op of OPERATIONS) {
      expectError(await s.get(op, { headers: { authorization: '' } }), 401, 'invalid_key');
      expectError(await s.get(op, { headers: { authorization: 'Bearer wrong-key' } }), 401, 'invalid_key');
      expectError(await s.get(op, { headers: { authorization: 'test-key-0123456789abcdef' } }), 401, 'invalid_key');
      expectError(await s.get(op, { headers: { authorization: 'Basic dGVzdDp0ZXN0' } }), 401, 'invalid_key');
    }
  });

  it('checks the key before the parameters', async () => {
    expectError(await s.get('/v1/search?limit=1000', { headers: { authorization: '' } }), 401, 'invalid_key');
  });

  it('answers 400 bad_request for a repeated parameter or an undecodable query, after the key check', async () => {
    expectError(await s.get('/v1/latest?country=USA&country=DEU'), 400, 'bad_request');
    expectError(await s.get('/v1/search?q=a&q=b'), 400, 'bad_request');
    expectError(await s.get('/v1/latest?country=%E0%A4%A'), 400, 'bad_request');
    expectError(
      await s.get('/v1/latest?country=USA&country=DEU', { headers: { authorization: '' } }),
      401,
      'invalid_key',
    );
  });

  it('treats empty parameters as absent', async () => {
    const plain = await s.get('/v1/latest?country=USA');
    const extra = await s.get('/v1/latest?country=USA&indicator=&group=');
    assert.equal(extra.status, 200);
    assert.deepEqual(extra.body.data, plain.body.data);
    const search = await s.get('/v1/search?q=france&limit=');
    assert.equal(search.status, 200);
  });

  it('returns 422 with one detail item per failed parameter', async () => {
    const r = await s.get('/v1/search?limit=0');
    expectError(r, 422, 'validation_error');
    assert.deepEqual(
      r.body.detail.map((d: any) => d.loc),
      [
        ['query', 'q'],
        ['query', 'limit'],
      ],
    );
    assert.equal(r.body.detail[0].type, 'missing');
    assert.equal(r.body.detail[1].type, 'greater_than_equal');
    for (const d of r.body.detail) assert.deepEqual(Object.keys(d).sort(), ['loc', 'msg', 'type']);
    const h = await s.get('/v1/history?transform=nope&from=2020-1');
    expectError(h, 422, 'validation_error');
    assert.deepEqual(h.body.detail.map((d: any) => d.loc[1]).sort(), ['from', 'transform']);
  });

  it('rejects lists longer than 100 items with 422', async () => {
    const many = Array.from({ length: 101 }, () => 'USA').join(',');
    const r = await s.get(`/v1/latest?country=${many}`);
    expectError(r, 422, 'validation_error');
    assert.deepEqual(r.body.detail[0].loc, ['query', 'country']);
    const ok = await s.get(`/v1/latest?country=${Array.from({ length: 100 }, () => 'usa').join(',')}&indicator=CPI`);
    assert.equal(ok.status, 200);
    assert.equal(ok.body.data.length, 1);
  });
});

describe('gateway check', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ gatewaySecret: 'gw-secret' });
  });
  after(() => s.close());

  it('answers 403 forbidden without the gateway header, before the key check', async () => {
    expectError(await s.get('/v1/countries'), 403, 'forbidden');
    expectError(await s.get('/v1/countries', { headers: { 'x-gateway-secret': 'wrong' } }), 403, 'forbidden');
    expectError(
      await s.get('/v1/countries', { headers: { 'x-gateway-secret': 'wrong', authorization: '' } }),
      403,
      'forbidden',
    );
    expectError(await s.get('/v1/openapi.json', { headers: { authorization: '' } }), 403, 'forbidden');
  });

  it('lets a request with the secret through to the key check', async () => {
    assert.equal((await s.get('/v1/countries', { headers: { 'x-gateway-secret': 'gw-secret' } })).status, 200);
    expectError(
      await s.get('/v1/countries', { headers: { 'x-gateway-secret': 'gw-secret', authorization: '' } }),
      401,
      'invalid_key',
    );
  });

  it('still answers 404 for unknown paths first', async () => {
    expectError(await s.get('/v1/unknown'), 404, 'not_found');
  });
});

describe('OpenAPI document and error registry', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer();
  });
  after(() => s.close());

  it('serves OpenAPI 3.1, version 1.0.0, without a key, listing every operation and its errors', async () => {
    const r = await s.get('/v1/openapi.json', { headers: { authorization: '' } });
    assert.equal(r.status, 200);
    assert.match(r.body.openapi, /^3\.1\./);
    assert.equal(r.body.info.version, '1.0.0');
    for (const p of ['/v1/countries', '/v1/indicators', '/v1/latest', '/v1/history', '/v1/search', '/v1/updates']) {
      const op = r.body.paths[p]?.get;
      assert.ok(op, `missing ${p}`);
      for (const status of ['200', '401', '422', '429']) assert.ok(op.responses[status], `${p} lacks ${status}`);
    }
    const search = r.body.paths['/v1/search'].get;
    const limit = search.parameters.find((x: any) => x.name === 'limit');
    assert.equal(limit.schema.maximum, 100);
    assert.equal(search.parameters.find((x: any) => x.name === 'q').required, true);
  });

  it('documents every error code of the registry with its status in the README', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    for (const [code, { status }] of Object.entries(ERRORS)) {
      assert.match(readme, new RegExp(`\\| ${status} \\| \`${code}\` \\|`), `README lacks | ${status} | \`${code}\` |`);
    }
  });
});
