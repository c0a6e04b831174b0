import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { Browser, csrfOf } from './helpers/dashboard-client.js';
import { accountsCli, sampleDataDir, startServerProcess, type ServerProcess } from './helpers/processes.js';

describe('dashboard (embedded backend)', () => {
  let dataDir: string;
  let server: ServerProcess;
  const v1 = (key: string) => fetch(`${server.url}/v1/countries`, { headers: { authorization: `Bearer ${key}` } });

  before(async () => {
    dataDir = await sampleDataDir();
    server = await startServerProcess({ DATA_DIR: dataDir });
  });
  after(async () => {
    await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs up with a session cookie that is HttpOnly, SameSite=Strict and scoped to /dashboard', async () => {
    const browser = new Browser(server.url);
    assert.equal((await browser.request('/dashboard')).headers.get('location'), '/dashboard/login');
    const r = await browser.signUp('cookie@example.com');
    assert.equal(r.headers.get('location'), '/dashboard/keys');
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith('session='))!;
    assert.match(cookie, /HttpOnly/);
    assert.match(cookie, /SameSite=Strict/);
    assert.match(cookie, /Path=\/dashboard/);
    assert.match(cookie, /Max-Age=604800/);
    assert.doesNotMatch(cookie, /Secure/, 'plain HTTP: no Secure flag');
    assert.equal((await browser.request('/dashboard')).headers.get('location'), '/dashboard/keys');
  });

  it('shows a new key once, which works at once and gets 401 within a second of its revocation', async () => {
    const browser = new Browser(server.url);
    await browser.signUp('keys@example.com');
    const { key, page } = await browser.createKey('server');
    assert.match(key, /^etk_/);
    assert.ok(page.includes('The API key is displayed once at creation.'));
    assert.ok(page.includes('aria-label') || page.includes('<label for="new-key">New API key</label>'));
    const list = await browser.request('/dashboard/keys');
    assert.equal(list.status, 200);
    assert.ok(list.text.includes('<td>server</td>'));
    assert.ok(!list.text.includes(key), 'the key is never shown again');
    assert.ok(list.text.includes(key.slice(0, 8)), 'its prefix is');
    // The server's key store sees the dashboard's writes at its next poll.
    let status = 0;
    for (let i = 0; i < 40 && status !== 200; i++) {
      status = (await v1(key)).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(status, 200);

    const id = await browser.keyIdOf('server');
    const confirm = await browser.request(`/dashboard/keys/${id}/revoke`);
    assert.equal(confirm.status, 200);
    assert.ok(confirm.text.includes('Revoke key'));
    const revoked = await browser.request(`/dashboard/keys/${id}/revoke`, { form: { csrf: csrfOf(confirm.text) } });
    assert.equal(revoked.status, 303);
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal((await v1(key)).status, 401);
    assert.ok((await browser.request('/dashboard/keys')).text.includes('revoked'));
  });

  it('refuses a POST without or with a wrong CSRF token (403, an HTML page with the request id)', async () => {
    const browser = new Browser(server.url);
    await browser.signUp('csrf@example.com');
    const missing = await browser.request('/dashboard/keys', { form: { name: 'x' } });
    assert.equal(missing.status, 403);
    assert.match(missing.headers.get('content-type')!, /^text\/html/);
    assert.ok(missing.text.includes(missing.headers.get('x-request-id')!));
    const wrong = await browser.request('/dashboard/keys', { form: { name: 'x', csrf: 'A'.repeat(43) } });
    assert.equal(wrong.status, 403);
    // The sign-in form's double-submit token: a field without the matching cookie is refused.
    const stranger = new Browser(server.url);
    const login = await stranger.request('/dashboard/login', {
      form: { csrf: 'B'.repeat(43), email: 'csrf@example.com', password: 'correct horse battery' },
    });
    assert.equal(login.status, 403);
    assert.ok(!(await browser.request('/dashboard/keys')).text.includes('<td>x</td>'));
  });

  it('shows a key name with markup as text', async () => {
    const browser = new Browser(server.url);
    await browser.signUp('markup@example.com');
    const { page } = await browser.createKey('<script>alert(1)</script>');
    const list = (await browser.request('/dashboard/keys')).text;
    for (const text of [page, list]) {
      assert.ok(text.includes('&lt;script&gt;alert(1)&lt;/script&gt;'));
      assert.ok(!text.includes('<script>alert(1)'));
    }
  });

  it('serves pages with a restrictive Content-Security-Policy, its script and stylesheet from files', async () => {
    const r = await new Browser(server.url).request('/dashboard/login');
    const csp = r.headers.get('content-security-policy')!;
    for (const directive of ["default-src 'none'", "script-src 'self'", "frame-ancestors 'none'", "base-uri 'none'"])
      assert.ok(csp.includes(directive), csp);
    assert.ok(!/<script>/.test(r.text), 'no inline script');
    assert.equal(r.headers.get('cache-control'), 'no-store');
    const script = await fetch(`${server.url}/dashboard/assets/dashboard.js`);
    assert.equal(script.status, 200);
    assert.match(script.headers.get('content-type')!, /javascript/);
    assert.equal((await fetch(`${server.url}/dashboard/assets/dashboard.css`)).status, 200);
    const openapi = await (await fetch(`${server.url}/v1/openapi.json`)).json();
    assert.ok(!Object.keys(openapi.paths).some((p) => p.startsWith('/dashboard')));
  });

  it('refuses the right password with 429 and Retry-After after repeated failures', async () => {
    const owner = new Browser(server.url);
    await owner.signUp('throttled@example.com');
    const guesser = new Browser(server.url);
    // Ten attempts per account in 15 minutes, every attempt counting: the sign-up was the first.
    for (let i = 0; i < 9; i++) {
      const r = await guesser.submit('/dashboard/login', '/dashboard/login', {
        email: 'throttled@example.com',
        password: `wrong password ${i}`,
      });
      assert.equal(r.status, 401);
      assert.ok(r.text.includes('Wrong email or password.'));
    }
    const right = await guesser.submit('/dashboard/login', '/dashboard/login', {
      email: 'throttled@example.com',
      password: 'correct horse battery',
    });
    assert.equal(right.status, 429);
    assert.ok(Number(right.headers.get('retry-after')) > 0);
  });

  it('rotates the session at sign-in, and sign-out ends it', async () => {
    const browser = new Browser(server.url);
    await browser.signUp('rotate@example.com');
    const before = browser.cookies.get('session')!;
    const r = await browser.submit('/dashboard/login', '/dashboard/login', {
      email: 'rotate@example.com',
      password: 'correct horse battery',
    });
    assert.equal(r.status, 303);
    const afterSignIn = browser.cookies.get('session')!;
    assert.notEqual(afterSignIn, before);
    const old = new Browser(server.url);
    old.cookies.set('session', before);
    assert.equal((await old.request('/dashboard/keys')).headers.get('location'), '/dashboard/login');

    const out = await browser.submit('/dashboard/keys', '/dashboard/logout');
    assert.equal(out.status, 303);
    const replay = new Browser(server.url);
    replay.cookies.set('session', afterSignIn);
    assert.equal((await replay.request('/dashboard/keys')).status, 303, 'the ended session opens nothing');
  });

  it("neither lists nor revokes another account's key (404)", async () => {
    const alice = new Browser(server.url);
    await alice.signUp('alice@example.com');
    await alice.createKey('alice-key');
    const id = await alice.keyIdOf('alice-key');
    const mallory = new Browser(server.url);
    await mallory.signUp('mallory@example.com');
    assert.ok(!(await mallory.request('/dashboard/keys')).text.includes('alice-key'));
    assert.equal((await mallory.request(`/dashboard/keys/${id}/revoke`)).status, 404);
    const r = await mallory.submit('/dashboard/keys', `/dashboard/keys/${id}/revoke`);
    assert.equal(r.status, 404);
    assert.ok((await alice.request('/dashboard/keys')).text.includes('active'));
  });
});

describe('dashboard usage and admin pages (embedded backend)', () => {
  let dataDir: string;
  let server: ServerProcess;
  const v1 = (key: string) => fetch(`${server.url}/v1/countries`, { headers: { authorization: `Bearer ${key}` } });
  /** Calls the API with `key` until the key store has it (it polls the state database). */
  const firstCall = async (key: string) => {
    for (let i = 0; i < 40; i++) {
      const r = await v1(key);
      if (r.status === 200) return r;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.fail('the new key never worked');
  };

  before(async () => {
    dataDir = await sampleDataDir();
    server = await startServerProcess({ DATA_DIR: dataDir, DEFAULT_QUOTA_CREDITS: '300' });
  });
  after(async () => {
    await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers an unknown dashboard path with an HTML page, 404', async () => {
    for (const method of ['GET', 'POST']) {
      const r = await fetch(`${server.url}/dashboard/nothing/here`, { method });
      assert.equal(r.status, 404);
      assert.match(r.headers.get('content-type')!, /^text\/html/);
      assert.match(await r.text(), /<h1>Not found<\/h1>/);
    }
  });

  it("shows this month's credits against the quota, the renewal, the rate and the day's calls", async () => {
    const browser = new Browser(server.url);
    await browser.signUp('usage@example.com');
    const empty = (await browser.request('/dashboard/usage')).text;
    assert.match(empty, /<dd id="credits-used">0<\/dd>/);
    assert.ok(empty.includes('No calls in the last 30 days.'));
    const { key } = await browser.createKey('<b>metered</b>');
    const r = await firstCall(key);
    const cost = 300 - Number(r.headers.get('x-credits-remaining'));
    assert.ok(cost > 0);
    let page = '';
    for (let i = 0; i < 40 && !page.includes(`<dd id="credits-used">${cost}</dd>`); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      page = (await browser.request('/dashboard/usage')).text;
    }
    assert.ok(page.includes(`<dd id="credits-used">${cost}</dd>`), 'the call is counted');
    assert.ok(page.includes('300 credits per month'));
    assert.ok(page.includes(`<dd id="credits-remaining">${300 - cost}</dd>`), 'what remains');
    const renews = r.headers.get('x-credits-reset')!;
    assert.ok(page.includes(`<time datetime="${renews}">`), `renews at ${renews}`);
    assert.ok(page.includes('600 requests per 60 s (service default)'));
    assert.ok(page.includes('&lt;b&gt;metered&lt;/b&gt;') && !page.includes('<b>metered'));
    const today = new Date().toISOString().slice(0, 10);
    assert.match(
      page,
      new RegExp(`<td>${today}</td>\\s*<td><code>/v1/countries</code></td>\\s*<td class="num">1</td>`),
    );
    assert.ok(page.includes('src="/dashboard/assets/chart.umd.js"'));
    const chart = await fetch(`${server.url}/dashboard/assets/chart.umd.js`);
    assert.equal(chart.status, 200);
    assert.match(await chart.text(), /Chart\.js v4/);
  });

  it('allows at most 10 active keys per account', async () => {
    const browser = new Browser(server.url);
    await browser.signUp('many@example.com');
    for (let i = 0; i < 10; i++) await browser.createKey(`key ${i}`);
    const refused = await browser.submit('/dashboard/keys', '/dashboard/keys', { name: 'one more' });
    assert.equal(refused.status, 422);
    assert.ok(refused.text.includes('An account has at most 10 active keys; revoke one first.'));
  });

  it('admin: hidden from others (404); sets limits (403 without CSRF, 422 if invalid) that keys follow', async () => {
    const user = new Browser(server.url);
    await user.signUp('limited@example.com');
    const { key } = await user.createKey('limited');
    await firstCall(key);
    assert.equal((await user.request('/dashboard/admin')).status, 404);
    assert.ok(!(await user.request('/dashboard/keys')).text.includes('href="/dashboard/admin"'));

    const cli = await accountsCli(
      ['create-admin', '--email', 'root@example.com'],
      { DATA_DIR: dataDir },
      'admin password 1234\n',
    );
    assert.equal(cli.code, 0, cli.stderr);
    assert.match(cli.stderr, /^accounts in .+ \(embedded, from DATA_DIR\)/);
    const admin = new Browser(server.url);
    await admin.signIn('root@example.com', 'admin password 1234');
    const list = (await admin.request('/dashboard/admin')).text;
    assert.ok(list.includes('href="/dashboard/admin"'), 'the navigation links to it');
    const account = /href="\/dashboard\/admin\/accounts\/(acct_[0-9a-f]+)">limited@example\.com</.exec(list)![1]!;
    assert.ok(list.includes('operator (keys of the CLI)'));
    const limitsUrl = `/dashboard/admin/accounts/${account}/limits`;

    assert.equal((await admin.request(limitsUrl, { form: { quota: '5' } })).status, 403);
    const accountPage = `/dashboard/admin/accounts/${account}`;
    const refused: Array<Record<string, string>> = [
      { quota: '-1' },
      { quota: '1e3' },
      { quota: '9'.repeat(16) },
      { rate_requests: '5' },
      { rate_requests: '5', rate_window_s: '0' },
    ];
    for (const form of refused) {
      const r = await admin.submit(accountPage, limitsUrl, form);
      assert.equal(r.status, 422, JSON.stringify(form));
      assert.ok(r.text.includes('role="alert"'));
    }
    assert.equal((await user.submit('/dashboard/keys', limitsUrl, { quota: '1' })).status, 404, 'a user is no admin');

    const saved = await admin.submit(accountPage, limitsUrl, {
      quota: '50',
      rate_requests: '100',
      rate_window_s: '10',
    });
    assert.equal(saved.status, 303);
    let r = await v1(key);
    for (let i = 0; i < 20 && r.headers.get('ratelimit-policy') !== '"window";q=100;w=10'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      r = await v1(key);
    }
    assert.equal(r.headers.get('ratelimit-policy'), '"window";q=100;w=10');
    assert.ok(Number(r.headers.get('x-credits-remaining')) < 50);
    // A key created afterwards gets the account's limits, not the default quota.
    const later = await user.createKey('later');
    assert.ok(Number((await firstCall(later.key)).headers.get('x-credits-remaining')) < 50);
    assert.ok((await admin.request(accountPage)).text.includes('value="50"'));

    const disabled = await admin.submit(accountPage, `${accountPage}/status`, { disabled: '1' });
    assert.equal(disabled.status, 303);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    assert.equal((await v1(key)).status, 401);
    assert.equal((await user.request('/dashboard/keys')).headers.get('location'), '/dashboard/login');
    const enabled = await admin.submit(accountPage, `${accountPage}/status`, { disabled: '0' });
    assert.equal(enabled.status, 303);
  });
});

describe('DASHBOARD=off', () => {
  it('serves no dashboard route', async () => {
    const dataDir = await sampleDataDir();
    const server = await startServerProcess({ DATA_DIR: dataDir, DASHBOARD: 'off' });
    try {
      assert.equal((await fetch(`${server.url}/dashboard/login`)).status, 404);
      assert.equal((await fetch(`${server.url}/dashboard`, { redirect: 'manual' })).status, 404);
    } finally {
      await server.stop('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
