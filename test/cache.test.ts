import assert from 'node:assert/strict';
import { linkSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { newSnapshotName, readCurrentName, snapshotsDir } from '../src/store/snapshot-layout.js';
import { TEST_KEY, startTestServer, type TestServer } from './helpers/server.js';

const auth = { authorization: `Bearer ${TEST_KEY}` };

/** The raw answer: status, headers and the body bytes as sent. */
async function raw(server: TestServer, url: string, headers: Record<string, string> = {}) {
  const res = await server.app.inject({ method: 'GET', url, headers: { ...auth, ...headers } });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

/** The body without the fields that differ per request. */
function stable(bytes: Buffer): unknown {
  const { request_id: _id, duration_ms: _ms, ...rest } = JSON.parse(bytes.toString()) as Record<string, unknown>;
  return rest;
}

const URLS = [
  '/v1/countries',
  '/v1/latest?country=USA,DEU&indicator=CPI_YOY',
  '/v1/history?country=DEU&indicator=CPI&transform=yoy&from=2020',
  '/v1/trade/summary?reporter=DE&partner=CN',
  '/v1/trade?reporter=DE&limit=50',
  '/v1/trade/monthly?exporter=DE&group_by=hs6&limit=5',
  '/v1/trade/countries/DE/partners?flow=export',
];

describe('answer cache, conditional requests and compression', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('answers a repeated request exactly as the first, with its own request id', async () => {
    for (const url of URLS) {
      const first = await raw(server, url);
      const second = await raw(server, url);
      assert.equal(first.status, 200, url);
      assert.equal(second.status, 200, url);
      assert.deepEqual(stable(second.bytes), stable(first.bytes), url);
      const ids = [first, second].map((r) => (JSON.parse(r.bytes.toString()) as { request_id: string }).request_id);
      assert.notEqual(ids[0], ids[1]);
      assert.equal(second.headers['x-request-id'], ids[1]);
      assert.equal(second.headers['content-type'], 'application/json; charset=utf-8');
    }
  });

  it('gives every 200 a weak ETag and Cache-Control; a matching If-None-Match gets 304 without a body', async () => {
    const url = '/v1/latest?country=USA&indicator=CPI_YOY';
    const first = await raw(server, url);
    const etag = String(first.headers.etag);
    assert.match(etag, /^W\/"[^"]+"$/);
    assert.equal(first.headers['cache-control'], 'private, max-age=60');
    assert.match(String(first.headers.vary), /Accept-Encoding/i);
    // The same answer asked differently (parameter order, default limit) has the same tag.
    const again = await raw(server, '/v1/latest?indicator=CPI_YOY&country=USA');
    assert.equal(again.headers.etag, etag);
    const notModified = await raw(server, url, { 'if-none-match': etag });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.bytes.length, 0);
    assert.equal(notModified.headers.etag, etag);
    const other = await raw(server, url, { 'if-none-match': 'W/"something-else"' });
    assert.equal(other.status, 200);
    const otherQuery = await raw(server, '/v1/latest?country=DEU&indicator=CPI_YOY');
    assert.notEqual(otherQuery.headers.etag, etag);
  });

  it('compresses bodies over 1 KB with br or gzip as Accept-Encoding allows, and leaves small ones alone', async () => {
    const url = '/v1/trade?reporter=DE&limit=200';
    const plain = await raw(server, url);
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0.5, gzip', 'gzip', gunzipSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await raw(server, url, { 'accept-encoding': accept });
        assert.equal(res.headers['content-encoding'], encoding, accept);
        assert.ok(res.bytes.length < plain.bytes.length / 2, `${encoding}: ${res.bytes.length} bytes`);
        const body = decode(res.bytes);
        assert.deepEqual(stable(body), stable(plain.bytes));
        assert.equal((JSON.parse(body.toString()) as { request_id: string }).request_id, res.headers['x-request-id']);
      }
    }
    const small = await raw(server, '/v1/latest?country=USA&indicator=CPI_YOY', { 'accept-encoding': 'br' });
    assert.ok(small.bytes.length < 1024);
    assert.equal(small.headers['content-encoding'], undefined);
    const refused = await raw(server, url, { 'accept-encoding': 'br;q=0, gzip;q=0' });
    assert.equal(refused.headers['content-encoding'], undefined);
  });

  it('serves no answer of a replaced snapshot: the ETag changes and the old one no longer matches', async () => {
    const url = '/v1/countries';
    const before = await raw(server, url);
    const etag = String(before.headers.etag);
    const current = (await readCurrentName(server.dataDir))!;
    const name = newSnapshotName();
    const from = path.join(snapshotsDir(server.dataDir), current);
    const to = path.join(snapshotsDir(server.dataDir), name);
    mkdirSync(to);
    for (const f of readdirSync(from)) if (!f.startsWith('.')) linkSync(path.join(from, f), path.join(to, f));
    writeFileSync(path.join(server.dataDir, 'CURRENT'), `${name}\n`);
    await server.serving();
    const after = await raw(server, url, { 'if-none-match': etag });
    assert.equal(after.status, 200);
    assert.notEqual(after.headers.etag, etag);
    assert.ok(String(after.headers.etag).includes(name));
    assert.deepEqual(stable(after.bytes), stable(before.bytes));
    assert.equal(readFileSync(path.join(server.dataDir, 'CURRENT'), 'utf8').trim(), name);
  });
});
