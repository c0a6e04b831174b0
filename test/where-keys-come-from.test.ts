import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ERRORS } from '../src/errors.js';
import { Browser } from './helpers/dashboard-client.js';
import { sampleDataDir, startServerProcess, type ServerProcess } from './helpers/processes.js';
import { expectError, startTestServer, type TestServer } from './helpers/server.js';

/**
 * What a person meets (contract §8): `/`, `/docs` and the dashboard link to each other
 * (the dashboard only where the server runs it), the keys page shows a first request
 * ready to copy, and a 401 says where keys come from.
 */

const links = (html: string) => [...html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!);

describe('a server without the dashboard', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.close();
  });

  it('answers 401 invalid_key saying that the operator issues keys', async () => {
    const res = await server.get('/v1/countries', { headers: { authorization: 'Bearer wrong-key' } });
    expectError(res, 401, 'invalid_key');
    assert.equal(res.body.message, ERRORS.invalid_key.message);
    assert.match(res.body.message, /operator \(npm run keys\)/);
    assert.match(res.body.message, /Authorization: Bearer <key>/);
    assert.doesNotMatch(res.body.message, /dashboard/);
  });

  it('links / and /docs to each other, and to no dashboard', async () => {
    const home = await server.get('/', { headers: { accept: 'text/html' } });
    assert.ok(links(home.body as string).includes('/docs'));
    assert.ok(!links(home.body as string).includes('/dashboard'));
    assert.match(home.body as string, /issued by the service's operator/);
    const json = await server.get('/', { headers: { accept: 'application/json' } });
    assert.ok(!json.body.links.some((l: { href: string }) => l.href === '/dashboard'));
    const docs = await server.get('/docs');
    assert.deepEqual(links(docs.body as string), ['/']);
  });
});

describe('a server with the dashboard', () => {
  let dataDir: string;
  let server: ServerProcess;
  before(async () => {
    dataDir = await sampleDataDir();
    server = await startServerProcess({ DATA_DIR: dataDir });
  });
  after(async () => {
    await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 401 invalid_key naming the dashboard, with the same code, status and challenge', async () => {
    for (const authorization of ['', 'Bearer wrong-key']) {
      const res = await fetch(`${server.url}/v1/countries`, { headers: { authorization } });
      const body = await res.json();
      expectError({ status: res.status, headers: res.headers, body }, 401, 'invalid_key');
      assert.match(res.headers.get('www-authenticate')!, /^Bearer realm="api"/);
      assert.match(body.message, /create a key in the dashboard at \/dashboard\.$/);
    }
  });

  it('links /, /docs and the dashboard to each other', async () => {
    const home = await (await fetch(`${server.url}/`, { headers: { accept: 'text/html' } })).text();
    assert.ok(links(home).includes('/dashboard') && links(home).includes('/docs'), home);
    const json = await (await fetch(`${server.url}/`, { headers: { accept: 'application/json' } })).json();
    assert.equal(json.links[0].href, '/dashboard');
    const docs = await (await fetch(`${server.url}/docs`)).text();
    assert.deepEqual(links(docs), ['/', '/dashboard']);
    const login = await (await fetch(`${server.url}/dashboard/login`)).text();
    assert.ok(links(login).includes('/') && links(login).includes('/docs'), login);
  });

  it('shows a first request with the base URL and a placeholder, then with the new key, which works', async () => {
    const browser = new Browser(server.url);
    await browser.signUp('first-request@example.com');
    const keys = await browser.request('/dashboard/keys');
    const placeholder = `curl -H &quot;Authorization: Bearer YOUR_API_KEY&quot; ${server.url}/v1/countries`;
    assert.ok(keys.text.includes(placeholder), keys.text);
    assert.ok(links(keys.text).includes('/docs'));
    const { key, page } = await browser.createKey('first');
    const withKey = `curl -H &quot;Authorization: Bearer ${key}&quot; ${server.url}/v1/countries`;
    assert.ok(page.includes(withKey), page);
    assert.ok(!(await browser.request('/dashboard/keys')).text.includes(key), 'the key is never shown again');
    // The request as shown answers 200 once the server's key store has seen the new key.
    let status = 0;
    for (let i = 0; i < 40 && status !== 200; i++) {
      status = (await fetch(`${server.url}/v1/countries`, { headers: { authorization: `Bearer ${key}` } })).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(status, 200);
  });
});
