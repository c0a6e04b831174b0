import assert from 'node:assert/strict';
import http from 'node:http';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startCluster, type Cluster } from './helpers/cluster.js';
import { Browser, csrfOf } from './helpers/dashboard-client.js';
import { sampleDataDir, servicesUnavailable, startServerProcess, type ServerProcess } from './helpers/processes.js';
import { linkIn, startMailCatcher, type MailCatcher } from './helpers/smtp.js';

/*
 * The dashboard against an attacker: sign-in that failures from elsewhere cannot lock
 * for the owner's browser, common passwords, look-alike addresses, forms that must come
 * from the site itself, and a proxy whose forwarded headers are believed only when it
 * is trusted (TRUST_PROXY; the tests' proxy is 127.0.0.1).
 */
const unavailable = await servicesUnavailable();
const PASSWORD = 'correct horse battery';

/** A sign-in attempt from `client` (its address as the trusted proxy forwards it). */
async function attempt(browser: Browser, client: string, form: { email: string; password: string }) {
  const page = await browser.request('/dashboard/login', { headers: { 'x-forwarded-for': client } });
  return browser.request('/dashboard/login', {
    form: { csrf: csrfOf(page.text), ...form },
    headers: { 'x-forwarded-for': client },
  });
}

/** The owner signs in once; 12 failures from 12 addresses follow; then who still gets in. */
async function lockoutStory(ownerUrl: string, attackerUrl: string, email: string): Promise<void> {
  const owner = new Browser(ownerUrl);
  await owner.signUp(email, PASSWORD);
  assert.equal((await attempt(owner, '198.51.100.7', { email, password: PASSWORD })).status, 303);
  for (let i = 0; i < 12; i++) {
    const r = await attempt(new Browser(attackerUrl), `203.0.113.${i}`, { email, password: `wrong guess ${i}` });
    assert.ok(r.status === 401 || r.status === 429, `attempt ${i}: ${r.status}`);
  }
  const stranger = await attempt(new Browser(ownerUrl), '192.0.2.1', { email, password: PASSWORD });
  assert.equal(stranger.status, 429, 'a browser the account never signed in from waits');
  assert.match(stranger.headers.get('retry-after')!, /^\d+$/);
  const again = await attempt(owner, '198.51.100.7', { email, password: PASSWORD });
  assert.equal(again.status, 303, "the owner's browser still gets in");
  assert.equal(again.headers.get('location'), '/dashboard/keys');
}

/**
 * A sweep over many accounts (one attempt each) from addresses that change at every
 * attempt: 30 attempts per client are let through, the 31st is refused, when the
 * addresses are all one client (an IPv6 /64; an IPv4 address, however written).
 */
async function sweepStory(url: string): Promise<void> {
  const sweep = async (clients: string[], tag: string) => {
    const statuses: number[] = [];
    for (const [i, client] of clients.entries()) {
      const r = await attempt(new Browser(url), client, { email: `${tag}-${i}@example.com`, password: PASSWORD });
      statuses.push(r.status);
    }
    return statuses;
  };
  const rotating = Array.from({ length: 31 }, (_, i) => `2001:db8:64:1:${(i + 1).toString(16)}::${i + 7}`);
  const inSixtyFour = await sweep(rotating, 'v6');
  assert.deepEqual(inSixtyFour.slice(0, 30), Array<number>(30).fill(401));
  assert.equal(inSixtyFour[30], 429, 'the 31st address of one /64 is the same client');
  assert.deepEqual(await sweep(['2001:db8:64:2::1'], 'next'), [401], 'the next /64 is another client');
  const mapped = Array.from({ length: 31 }, (_, i) => (i % 2 ? '192.0.2.200' : '::ffff:192.0.2.200'));
  const asIpv4 = await sweep(mapped, 'v4');
  assert.equal(asIpv4[30], 429, 'an IPv4 address written as IPv6 is the IPv4 client');
}

describe('dashboard hardening (embedded backend)', () => {
  let dataDir: string;
  let server: ServerProcess;
  let direct: ServerProcess;
  before(async () => {
    dataDir = await sampleDataDir();
    server = await startServerProcess({ DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' });
    direct = await startServerProcess({ DATA_DIR: dataDir });
  });
  after(async () => {
    await Promise.all([server.stop('SIGKILL'), direct.stop('SIGKILL')]);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("cannot be locked out of the owner's browser by failures from elsewhere", async () => {
    await lockoutStory(server.url, server.url, 'owner@example.com');
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4 in the per-client window', async () => {
    await sweepStory(server.url);
  });

  it('refuses common and patterned passwords, saying why', async () => {
    const browser = new Browser(server.url);
    for (const password of ['aaaaaaaaaaaa', ' '.repeat(12), 'password1234']) {
      const r = await browser.submit('/dashboard/signup', '/dashboard/signup', { email: 'weak@example.com', password });
      assert.equal(r.status, 422, JSON.stringify(password));
      assert.match(r.text, /The password is too weak: it is too easy to guess/);
    }
  });

  it('refuses addresses that mix alphabets or look like an existing one; full-width is the plain address', async () => {
    await new Browser(server.url).signUp('admin@example.com', PASSWORD);
    await new Browser(server.url).signUp('oocc@example.com', PASSWORD);
    const tries: Array<[string, RegExp]> = [
      ['\u0430dmin@example.com', /mixes letters of several alphabets/],
      ['\u043e\u043e\u0441\u0441@example.com', /looks like the address of another account/],
      ['\uff41\uff44\uff4d\uff49\uff4e@example.com', /cannot be used for a new account/],
    ];
    for (const [email, message] of tries) {
      const r = await new Browser(server.url).submit('/dashboard/signup', '/dashboard/signup', {
        email,
        password: PASSWORD,
      });
      assert.equal(r.status, 422, email);
      assert.match(r.text, message, email);
    }
  });

  it('takes only a pre-sign-in token it issued, and forms only from its own origin', async () => {
    const planted = new Browser(server.url);
    planted.cookies.set('csrf_pre', 'A'.repeat(43));
    const r = await planted.request('/dashboard/login', {
      form: { csrf: 'A'.repeat(43), email: 'owner@example.com', password: PASSWORD },
    });
    assert.equal(r.status, 403);
    const browser = new Browser(server.url);
    const page = await browser.request('/dashboard/login');
    const form = { csrf: csrfOf(page.text), email: 'owner@example.com', password: PASSWORD };
    const foreign = await browser.request('/dashboard/login', { form, headers: { origin: 'https://evil.example' } });
    assert.equal(foreign.status, 403);
    assert.match(foreign.headers.get('content-type')!, /^text\/html/);
    const none = await fetch(`${server.url}/dashboard/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
    });
    assert.equal(none.status, 403, 'no Origin and no Referer');
  });

  it('answers 404 for the admin area to anyone but an admin, and an HTML 404 for any other method', async () => {
    const anonymous = await fetch(`${server.url}/dashboard/admin`, { redirect: 'manual' });
    assert.equal(anonymous.status, 404);
    assert.match(await anonymous.text(), /<h1>Not found<\/h1>/);
    const user = new Browser(server.url);
    await user.signUp('plain@example.com', PASSWORD);
    assert.equal((await user.request('/dashboard/admin')).status, 404);
    assert.equal((await user.request('/dashboard/admin/accounts/acct_operator')).status, 404);
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const r = await fetch(`${server.url}/dashboard/keys`, { method });
      assert.equal(r.status, 404, method);
      assert.match(r.headers.get('content-type')!, /^text\/html/, method);
      assert.match(await r.text(), /<h1>Not found<\/h1>/);
    }
  });

  it('sees HTTPS behind a trusted proxy (Secure, __Host- cookies); an untrusted one changes nothing', async () => {
    const https = await fetch(`${server.url}/dashboard/login`, { headers: { 'x-forwarded-proto': 'https' } });
    const cookie = https.headers.getSetCookie().find((c) => c.includes('csrf_pre='))!;
    assert.match(cookie, /^__Host-csrf_pre=/);
    assert.match(cookie, /; Secure/);
    assert.match(cookie, /Path=\//);
    const spoofed = await fetch(`${direct.url}/dashboard/login`, { headers: { 'x-forwarded-proto': 'https' } });
    const plain = spoofed.headers.getSetCookie().find((c) => c.includes('csrf_pre='))!;
    assert.match(plain, /^csrf_pre=/);
    assert.doesNotMatch(plain, /Secure/);
  });

  it('without a trusted proxy, counts every forwarded address as the proxy itself', async () => {
    const email = 'spoof@example.com';
    await new Browser(direct.url).signUp(email, PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await attempt(new Browser(direct.url), `203.0.113.${i}`, { email, password: `wrong guess ${i}` });
      statuses.push(r.status);
    }
    assert.equal(statuses.at(-1), 429, 'the forged addresses are one client');
  });
});

/**
 * A request with `Host: evil.example` (and, posting, the Origin that goes with it), as
 * any non-browser can send; `headers` adds others.
 */
function forgedHost(url: string, opts: { cookie?: string; form?: string; headers?: Record<string, string> }) {
  return new Promise<{ status: number; body: string; cookies: string[] }>((resolve, reject) => {
    const headers: Record<string, string> = { host: 'evil.example', ...opts.headers };
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.form) {
      headers.origin = 'http://evil.example';
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const req = http.request(url, { method: opts.form ? 'POST' : 'GET', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body, cookies: res.headers['set-cookie'] ?? [] }));
    });
    req.on('error', reject);
    req.end(opts.form);
  });
}

/** Opens `page` and posts `fields` to it, every request with the forged Host (and `headers`). */
async function submitForged(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const page = await forgedHost(url, { headers });
  const csrf = csrfOf(page.body);
  const cookie = page.cookies.map((c) => c.split(';')[0]).join('; ');
  const form = new URLSearchParams({ csrf, ...fields }).toString();
  return forgedHost(url, { cookie, form, headers });
}

describe('mail links under PUBLIC_URL (behind a trusted proxy)', () => {
  let dataDir: string;
  let mails: MailCatcher;
  let server: ServerProcess;
  before(async () => {
    dataDir = await sampleDataDir();
    mails = await startMailCatcher();
    server = await startServerProcess({
      ...{ DATA_DIR: dataDir, SMTP_URL: mails.url, MAIL_FROM: 'dashboard@example.com', TRUST_PROXY: '127.0.0.1' },
      PUBLIC_URL: 'https://api.example.com/ignored/path',
    });
  });
  after(async () => {
    await server?.stop('SIGKILL');
    await mails?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lead to PUBLIC_URL whatever Host a client sends', async () => {
    // A client that is no browser chooses Host and Origin alike.
    const r = await submitForged(`${server.url}/dashboard/signup`, { email: 'public@example.com', password: PASSWORD });
    assert.equal(r.status, 200, r.body);
    const mail = await mails.next('public@example.com');
    assert.equal(linkIn(mail, '/dashboard/verify').origin, 'https://api.example.com');
    assert.doesNotMatch(mail.text, /evil\.example/);
  });

  it('send a reset link to PUBLIC_URL, whatever Host or X-Forwarded-Host the request names', async () => {
    const email = 'reset-host@example.com';
    await new Browser(server.url).submit('/dashboard/signup', '/dashboard/signup', { email, password: PASSWORD });
    assert.equal((await mails.next(email)).subject, 'Verify your email address');
    // Through the trusted proxy, the request's host is the one X-Forwarded-Host names.
    const forwarded = { host: new URL(server.url).host, 'x-forwarded-host': 'evil.example' };
    for (const headers of [{}, forwarded]) {
      const r = await submitForged(`${server.url}/dashboard/forgot`, { email }, headers);
      assert.equal(r.status, 200, r.body);
      const mail = await mails.next(email);
      assert.equal(mail.subject, 'Set a new password');
      assert.equal(linkIn(mail, '/dashboard/reset').origin, 'https://api.example.com', JSON.stringify(headers));
      assert.doesNotMatch(mail.text, /evil\.example/);
    }
  });
});

describe('dashboard sign-in across replicas (PostgreSQL and Redis)', { skip: unavailable }, () => {
  let cluster: Cluster;
  before(async () => {
    cluster = await startCluster({ TRUST_PROXY: '127.0.0.1' });
  });
  after(async () => {
    await cluster?.close();
  });

  it("cannot be locked out of the owner's browser by failures on another replica", async () => {
    await lockoutStory(cluster.replicas[0]!.url, cluster.replicas[1]!.url, 'owner@example.com');
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4, on every replica', async () => {
    await sweepStory(cluster.replicas[1]!.url);
  });
});
