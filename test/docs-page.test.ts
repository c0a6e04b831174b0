import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { browserUnavailable, launchChromium, newContext, watchProblems } from './helpers/browser.js';
import { startTestServer, type TestServer } from './helpers/server.js';

const noBrowser = browserUnavailable('the API reference test');

/** The server sits behind a gateway, as in production: every request here carries its secret, none a key. */
const GATEWAY_SECRET = 'docs-gateway-secret';
const THROUGH_GATEWAY = { 'x-gateway-secret': GATEWAY_SECRET };

const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

let server: TestServer;
const get = (pathAndQuery: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${pathAndQuery}`, { headers: { ...THROUGH_GATEWAY, ...headers } });

before(async () => {
  server = await startTestServer({ listen: true, gatewaySecret: GATEWAY_SECRET });
});
after(async () => {
  await server.close();
});

describe('GET /', () => {
  it('links to the reference, the document and the operator endpoints, without a key', async () => {
    const res = await get('/');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type')!, /^text\/html/);
    assert.match(res.headers.get('content-security-policy')!, /default-src 'none'/);
    const html = await res.text();
    for (const href of ['/docs', '/v1/openapi.json', '/healthz', '/readyz', '/metrics'])
      assert.ok(html.includes(`<a href="${href}">`), `no link to ${href}`);
    assert.match(html, /<h1>[^<]+<\/h1>/);
  });

  it('answers JSON to a client that prefers it', async () => {
    const res = await get('/', { accept: 'application/json, text/html;q=0.5' });
    assert.equal(res.status, 200);
    const body: any = await res.json();
    assert.deepEqual(
      body.links.map((l: { href: string }) => l.href),
      ['/docs', '/v1/openapi.json', '/healthz', '/readyz', '/metrics'],
    );
    // The document's one-line summary (its description is several paragraphs).
    assert.equal(body.description, (server.app.swagger().info as { summary?: string }).summary);
    assert.equal((await get('/', { accept: '*/*' })).headers.get('content-type'), 'text/html; charset=utf-8');
  });
});

describe('GET /docs', () => {
  it('serves the page and every file it loads from this server, without a key', async () => {
    const res = await get('/docs');
    assert.equal(res.status, 200);
    const csp = res.headers.get('content-security-policy')!;
    for (const directive of ["script-src 'self'", "style-src 'self'", "connect-src 'self'", "font-src 'self'"])
      assert.ok(csp.includes(directive), csp);
    const html = await res.text();
    // What the page loads (scripts, stylesheets, icons), not the links it shows.
    const loaded = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(loaded.length >= 5, html);
    for (const url of loaded) {
      assert.match(url, /^\/docs\//, 'every file comes from this server');
      assert.equal((await get(url)).status, 200, url);
    }
  });

  it('gives the reference the description of the API once', async () => {
    // Swagger UI's info block shows `info.summary`, then `info.description` as markdown.
    const { info }: any = await (await get('/v1/openapi.json')).json();
    const summary = info.summary as string;
    assert.ok(summary.length > 20, summary);
    const shown = `${summary}\n${info.description as string}`;
    assert.equal(shown.split(summary).length - 1, 1, 'the summary is shown once');
  });

  it('sends the reference script compressed once asked, and the same bytes', async () => {
    const original = readFileSync(path.join(SWAGGER_UI_DIR, 'swagger-ui-bundle.js'));
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/docs/swagger-ui-bundle.js', { 'accept-encoding': encoding });
      assert.equal(res.headers.get('content-encoding'), encoding);
      assert.ok(Buffer.from(await res.arrayBuffer()).equals(original), `${encoding} decodes to the file`);
    }
  });

  it('sits behind the gateway like the document, refuses other methods, and is left out of it', async () => {
    for (const url of ['/', '/docs', '/docs/swagger-ui-bundle.js', '/v1/openapi.json']) {
      assert.equal((await fetch(`${server.url}${url}`)).status, 403, url);
      const post = await fetch(`${server.url}${url}`, { method: 'POST', headers: THROUGH_GATEWAY });
      assert.equal(post.status, 405, url);
      assert.equal(post.headers.get('allow'), 'GET, HEAD');
    }
    const paths = Object.keys(server.app.swagger().paths ?? {});
    assert.deepEqual(
      paths.filter((p) => !p.startsWith('/v1/')),
      [],
    );
  });
});

describe('the API reference in a browser', { skip: noBrowser || false }, () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  it('renders the operations with nothing loaded from elsewhere and no error', async () => {
    const context = await newContext(browser, { extraHTTPHeaders: THROUGH_GATEWAY });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    const problems = await watchProblems(page);

    const summary = (server.app.swagger().paths as any)['/v1/countries'].get.summary as string;
    const res = await page.goto(`${server.url}/docs`);
    assert.equal(res?.status(), 200);
    await page.getByText(summary, { exact: true }).first().waitFor({ state: 'visible' });
    // Open one operation, so its parameters, answers and schemas render too.
    await page.getByText(summary, { exact: true }).first().click();
    await page.getByText('Try it out').first().waitFor({ state: 'visible' });
    // The API's description is rendered once: its summary, then the rest of it.
    const info = await page.locator('.information-container').innerText();
    const about = server.app.swagger().info as { summary: string };
    assert.equal(info.split(about.summary).length - 1, 1, info);
    await page.waitForLoadState('networkidle');
    await context.close();

    const origin = new URL(server.url).origin;
    const elsewhere = requested.filter((u) => !u.startsWith('data:') && new URL(u).origin !== origin);
    assert.deepEqual(elsewhere, [], 'requests to another host');
    assert.ok(requested.includes(`${origin}/v1/openapi.json`), `the document was not read: ${requested.join(' ')}`);
    assert.deepEqual(problems, []);
  });
});
