import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createKey, sampleDataDir, startServerProcess, type ServerProcess } from './helpers/processes.js';

/*
 * Points of the contract a stricter reading found open: years with spaces (§1.9),
 * names an object's prototype carries (§1.7), a bad cursor among other faults (§1.9,
 * §2), a request without Host (§1.12), and the credits a free 304 shows (§1.10).
 */
describe('contract gaps', () => {
  let dataDir: string;
  let server: ServerProcess;
  let key: string;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(server.url + path, { headers: { authorization: `Bearer ${key}`, ...headers } });
  const detail = async (r: Response) =>
    ((await r.json()) as { detail: Array<{ loc: string[]; type: string }> }).detail.map((d) => `${d.loc[1]}:${d.type}`);

  before(async () => {
    dataDir = await sampleDataDir();
    server = await startServerProcess({ DATA_DIR: dataDir });
    ({ key } = await createKey(['--name', 'gaps', '--quota', '1000'], { DATA_DIR: dataDir }));
  });
  after(async () => {
    await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses years with surrounding spaces (422 before a 404)', async () => {
    for (const path of [
      '/v1/trade?from=%202015',
      '/v1/trade/countries/US/exports?to=2015%20',
      '/v1/trade/countries/ZZ/partners?from=%202015',
    ]) {
      const r = await get(path);
      assert.equal(r.status, 422, path);
      assert.deepEqual(await detail(r), [`${path.includes('to=') ? 'to' : 'from'}:date_parsing`], path);
    }
  });

  it('refuses every name an object prototype carries as an unknown parameter', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__']) {
      const r = await get(`/v1/trade/coverage?${name}=_`);
      assert.equal(r.status, 422, name);
      assert.deepEqual(await detail(r), [`${name}:extra_forbidden`], name);
    }
  });

  it('lists a bad cursor with unknown parameters in one 422, and puts it before a 404', async () => {
    const both = await get('/v1/trade?cursor=abc&bogus=1');
    assert.equal(both.status, 422);
    assert.deepEqual(await detail(both), ['bogus:extra_forbidden', 'cursor:value_error']);
    const history = await get('/v1/history?country=USA&indicator=GDP&cursor=abc&zz=1');
    assert.deepEqual(await detail(history), ['zz:extra_forbidden', 'cursor:value_error']);
    const unknownCountry = await get('/v1/trade?reporter=QQ&cursor=abc');
    assert.equal(unknownCountry.status, 422);
    assert.deepEqual(await detail(unknownCountry), ['cursor:value_error']);
  });

  it('answers an HTTP/1.1 request without Host with the canonical 400 and a request id', async () => {
    const { port } = new URL(server.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write('GET /v1/countries HTTP/1.1\r\nConnection: close\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    assert.match(raw, /^HTTP\/1\.1 400 /);
    const id = /x-request-id: ([0-9a-f-]{36})/i.exec(raw)?.[1];
    assert.ok(id, raw);
    const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as Record<string, string>;
    assert.deepEqual(body, {
      error: 'bad_request',
      message: 'An HTTP/1.1 request needs a Host header.',
      request_id: id,
    });
  });

  it('shows on a 304 the credits left, which it does not consume', async () => {
    const first = await get('/v1/countries');
    assert.equal(first.status, 200);
    const left = Number(first.headers.get('x-credits-remaining'));
    const etag = first.headers.get('etag')!;
    const notModified = await get('/v1/countries', { 'if-none-match': etag });
    assert.equal(notModified.status, 304);
    assert.equal(notModified.headers.get('x-credits-remaining'), String(left));
    const next = await get('/v1/countries');
    assert.equal(next.headers.get('x-credits-remaining'), String(left - 1));
  });
});
