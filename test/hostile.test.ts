import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { OPERATIONS, requestPath } from './helpers/operations.js';
import { TEST_KEY, UUID_V4, expectError, startTestServer, type TestServer } from './helpers/server.js';

/** A raw HTTP exchange: what the server wrote back on the socket. */
function rawExchange(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let out = '';
    socket.on('data', (d) => (out += d.toString('latin1')));
    socket.on('end', () => resolve(out));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy());
  });
}

/** Status and parsed JSON body of a raw response. */
function parseRaw(raw: string): { status: number; headers: string; body: any } {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(body) };
}

/** A request with any method (fetch refuses TRACE). */
function request(
  url: string,
  method: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : undefined }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('hostile input', () => {
  let s: TestServer;
  before(async () => {
    // A real port for the raw socket exchanges and other methods; the other requests go in-process.
    s = await startTestServer({ listen: true });
  });
  after(() => s.close());

  it('judges a list built to backtrack in milliseconds, while another client is served', async (t) => {
    // Blank items then a bad character: 1-2 s (26 items) to hours (40) for a backtracking list pattern.
    const evils = [26, 40].map((n) => ({ n, value: `${',%20'.repeat(n)}!` }));
    let served = 0;
    let stop = false;
    const other = (async () => {
      while (!stop) {
        const r = await s.get('/v1/countries');
        assert.equal(r.status, 200);
        served++;
      }
    })();
    for (const { n, value } of evils) {
      for (const param of ['reporter', 'partner', 'product']) {
        const started = performance.now();
        const r = await s.get(`/v1/trade?${param}=${value}`);
        const ms = performance.now() - started;
        expectError(r, 422, 'validation_error');
        assert.deepEqual(
          r.body.detail.map((d: any) => d.loc),
          [['query', param]],
        );
        assert.ok(ms < 1000, `${param}: answered in ${ms.toFixed(0)} ms`);
        t.diagnostic(`${param} with ${n} blank items and "!": 422 in ${ms.toFixed(1)} ms`);
      }
      for (const param of ['exporter', 'importer'])
        expectError(await s.get(`/v1/trade/monthly?${param}=${value}`), 422, 'validation_error');
    }
    stop = true;
    await other;
    assert.ok(served > 0, 'the other client was served meanwhile');
  });

  it('accepts integers only as plain decimal digits, on every operation with a limit', async () => {
    const bad = ['Infinity', '-Infinity', '1e400', '1e3', '0x10', '5.0', '%2B5', '%205', '5%20', 'NaN', '1_000'];
    for (const op of OPERATIONS.filter((o) => o.params.limit)) {
      for (const value of bad) {
        const r = await s.get(requestPath(op, [`limit=${value}`]));
        expectError(r, 422, 'validation_error');
        assert.deepEqual(
          r.body.detail,
          [{ loc: ['query', 'limit'], msg: 'must be an integer written in decimal digits', type: 'int_parsing' }],
          `${op.path} limit=${value}`,
        );
      }
      const huge = await s.get(requestPath(op, ['limit=99999999999999999999999']));
      expectError(huge, 422, 'validation_error');
      assert.equal(huge.body.detail[0].type, 'less_than_equal');
      const zero = await s.get(requestPath(op, ['limit=0']));
      assert.equal(zero.body.detail[0].type, 'greater_than_equal');
      assert.equal((await s.get(requestPath(op, ['limit=007']))).status, 200);
    }
  });

  it('validates path parameters of any length after the key check', async () => {
    const long = 'A'.repeat(5000);
    expectError(await s.get(`/v1/trade/countries/${long}`, { headers: { authorization: '' } }), 401, 'invalid_key');
    for (const path of [
      `/v1/trade/countries/${long}`,
      `/v1/trade/countries/${long}/partners`,
      `/v1/trade/products/${'8'.repeat(300)}`,
      `/v1/trade/products/${'8'.repeat(300)}/markets`,
    ]) {
      const r = await s.get(path);
      expectError(r, 422, 'validation_error');
      assert.equal(r.body.detail[0].loc[0], 'path');
      assert.ok(r.body.message.length < 300, 'the message does not echo the whole value');
    }
  });

  it('lists every failed parameter, path and query together, in one 422', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `A${String.fromCharCode(65 + (i % 26))}`).join(',');
    const r = await s.get(`/v1/trade/products/abc/history?reporter=${many}&partner=X1&from=2021&to=2019&flow=both`);
    expectError(r, 422, 'validation_error');
    const locs = r.body.detail.map((d: any) => d.loc.join('.'));
    assert.deepEqual(locs, ['path.pid', 'query.reporter', 'query.partner', 'query.flow', 'query.from']);
    assert.equal(r.body.detail[1].type, 'too_long');
    const econ = await s.get('/v1/history?country=usa,,x&from=2020-02-30&to=2019&transform=median&nope=1');
    expectError(econ, 422, 'validation_error');
    assert.deepEqual(econ.body.detail.map((d: any) => `${d.loc[1]}:${d.type}`).sort(), [
      'from:date_parsing',
      'nope:extra_forbidden',
      'transform:enum',
    ]);
    const order = await s.get('/v1/history?from=2021&to=2019-06-30');
    assert.deepEqual(order.body.detail, [
      { loc: ['query', 'from'], msg: '"from" must not be after "to"', type: 'value_error' },
    ]);
  });

  it('refuses unknown query parameters, naming the accepted ones', async () => {
    const r = await s.get('/v1/trade/countries/US/products?partner=CN');
    expectError(r, 422, 'validation_error');
    assert.deepEqual(r.body.detail, [
      {
        loc: ['query', 'partner'],
        msg: 'unknown parameter; this operation accepts: flow, from, to, hs_version, limit, format',
        type: 'extra_forbidden',
      },
    ]);
    for (const op of OPERATIONS) {
      const typo = await s.get(requestPath(op, ['contry=DE']));
      expectError(typo, 422, 'validation_error');
      assert.equal(typo.body.detail.at(-1).type, 'extra_forbidden', op.path);
    }
    assert.match((await s.get('/v1/countries?x=1')).body.detail[0].msg, /this operation accepts: format$/);
  });

  it('accepts any non-blank country search, punctuation included', async () => {
    const r = await s.get('/v1/trade/countries?q=---');
    assert.equal(r.status, 200);
    assert.ok(Array.isArray(r.body.data));
    expectError(await s.get('/v1/trade/countries?q=%20%20'), 422, 'validation_error');
    assert.equal((await s.get('/v1/trade/products?q=...')).status, 200);
  });

  it('refuses two Authorization headers, whichever comes first', async () => {
    for (const pair of [
      [`Bearer ${TEST_KEY}`, 'Bearer wrong'],
      ['Bearer wrong', `Bearer ${TEST_KEY}`],
      [`Bearer ${TEST_KEY}`, `Bearer ${TEST_KEY}`],
    ]) {
      const raw = await rawExchange(
        s.url,
        `GET /v1/countries HTTP/1.1\r\nHost: x\r\nAuthorization: ${pair[0]}\r\n` +
          `Authorization: ${pair[1]}\r\nConnection: close\r\n\r\n`,
      );
      const res = parseRaw(raw);
      assert.equal(res.status, 401);
      assert.equal(res.body.error, 'invalid_key');
      assert.match(res.headers, /www-authenticate: bearer realm="api", error="invalid_token"/);
    }
  });

  it('accepts the Bearer scheme in any case and with several spaces; 401 carries WWW-Authenticate', async () => {
    for (const auth of [`bearer ${TEST_KEY}`, `BEARER   ${TEST_KEY}`, `Bearer ${TEST_KEY}  `]) {
      assert.equal((await s.get('/v1/countries', { headers: { authorization: auth } })).status, 200, auth);
    }
    const none = await s.get('/v1/countries', { headers: { authorization: '' } });
    expectError(none, 401, 'invalid_key');
    assert.equal(none.headers.get('www-authenticate'), 'Bearer realm="api"');
    for (const auth of ['Bearer wrong', `Basic ${TEST_KEY}`, `Bearer${TEST_KEY}`, `Bearer ${TEST_KEY} extra`]) {
      const r = await s.get('/v1/countries', { headers: { authorization: auth } });
      expectError(r, 401, 'invalid_key');
      assert.equal(r.headers.get('www-authenticate'), 'Bearer realm="api", error="invalid_token"');
    }
  });

  it('answers 405 to any other method on a known path, before the query string is looked at', async () => {
    for (const method of ['TRACE', 'PROPFIND', 'OPTIONS', 'MKCOL', 'PURGE', 'POST']) {
      for (const path of ['/v1/countries', '/v1/trade/countries/US/partners', '/v1/history?a=%zz&a=1&a=2']) {
        const r = await request(s.url + path, method);
        assert.equal(r.status, 405, `${method} ${path}`);
        assert.equal(r.headers.allow, 'GET, HEAD');
        assert.equal(r.body.error, 'method_not_allowed');
        assert.match(r.body.request_id, UUID_V4);
        assert.equal(r.headers['x-request-id'], r.body.request_id);
      }
    }
    assert.equal((await request(`${s.url}/v1/nowhere?a=%zz`, 'PROPFIND')).status, 404);
  });

  it('gives requests the HTTP parser refuses the canonical error body with a request id', async () => {
    const cases: Array<[string, number, string]> = [
      ['GARBAGE\r\n\r\n', 400, 'bad_request'],
      ['GET /v1/countries HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400, 'bad_request'],
      [`GET /v1/countries HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'header_fields_too_large'],
      [
        'GET /v1/countries HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n',
        400,
        'bad_request',
      ],
    ];
    for (const [raw, status, code] of cases) {
      const res = parseRaw(await rawExchange(s.url, raw));
      assert.equal(res.status, status, raw.slice(0, 40));
      assert.deepEqual(Object.keys(res.body).sort(), ['error', 'message', 'request_id']);
      assert.equal(res.body.error, code);
      assert.match(res.body.request_id, UUID_V4);
      assert.match(res.headers, new RegExp(`x-request-id: ${res.body.request_id}`));
      assert.match(res.headers, /content-type: application\/json; charset=utf-8/);
    }
  });

  // That no series is read for it is asserted in observations.test.ts, by counting reads.
  it('answers history past the data with an empty last page', async () => {
    const r = await s.get('/v1/history?transform=yoy&from=9999');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.data, []);
    assert.equal(r.body.next_cursor, null);
  });
});

describe('request deadline', () => {
  let s: TestServer;
  before(async () => {
    s = await startTestServer({ queryTimeoutMs: 10 });
  });
  after(() => s.close());

  /** Waits up to 2 s for the snapshot's connections to be idle: the 504's queries were cancelled. */
  async function noQueryRunsOn(): Promise<void> {
    const db = s.store.current!.db;
    const t = Date.now();
    while (db.busy > 0 && Date.now() - t < 2000) await new Promise((res) => setTimeout(res, 5));
    assert.equal(db.busy, 0, 'no query runs on after the 504');
  }

  it('answers 504 past QUERY_TIMEOUT_MS for the whole request and cancels its queries', async () => {
    // Every monthly flow reconciled and ranked: far more than 10 ms of DuckDB work.
    const r = await s.get('/v1/trade/monthly?limit=10000');
    expectError(r, 504, 'provider_timeout');
    await noQueryRunsOn();
    const heavy = await s.get('/v1/trade/monthly?method=exporter&group_by=hs6');
    assert.ok([200, 504].includes(heavy.status));
    assert.equal((await s.get('/v1/countries')).status, 200, 'cheap requests are still served');
  });

  it('answers 504 to a download whose first byte is not ready by the deadline, and cancels its queries', async () => {
    const r = await s.get('/v1/trade/bulk?format=csv');
    expectError(r, 504, 'provider_timeout');
    await noQueryRunsOn();
  });
});
