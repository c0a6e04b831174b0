import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openSqlite } from '../src/access/sqlite/driver.js';
import { stateDatabaseFile } from '../src/access/sqlite/database.js';
import { startCluster } from './helpers/cluster.js';
import { Browser, csrfOf } from './helpers/dashboard-client.js';
import {
  accountsCli,
  runMainToExit,
  sampleDataDir,
  servicesUnavailable,
  startServerProcess,
} from './helpers/processes.js';
import { linkIn, startMailCatcher, type MailCatcher } from './helpers/smtp.js';

/*
 * Email verification and password reset (CONTRACT §6 "Accounts in production"),
 * through HTTP against real servers that mail a real SMTP server in this process.
 */

const PASSWORD = 'tidal-mosaic-quartz-87';
const NEW_PASSWORD = 'harbor-lantern-violet-42';
const MAIL_FROM = 'API dashboard <dashboard@example.com>';
/** Where mailed links lead: the service's public address, not the address the tests reach it at. */
const PUBLIC_URL = 'https://api.example.com';

/** A server under test, and how to make its mailed links expire. */
interface MailServer {
  url: string;
  /** What `npm run accounts` needs to reach the server's accounts. */
  cliEnv: Record<string, string>;
  /** Moves the expiry of every mailed link of the account of `email` into the past. */
  expireLinks(email: string): Promise<void>;
  stop(): Promise<void>;
}

async function embeddedServer(env: Record<string, string>): Promise<MailServer> {
  const dataDir = await sampleDataDir();
  const server = await startServerProcess({ DATA_DIR: dataDir, ...env });
  return {
    url: server.url,
    cliEnv: { DATA_DIR: dataDir },
    async expireLinks(email) {
      const db = openSqlite(stateDatabaseFile(dataDir));
      db.pragma('busy_timeout = 5000');
      db.prepare(
        "UPDATE email_tokens SET expires_at = '2000-01-01T00:00:00.000Z' " +
          'WHERE account_id = (SELECT id FROM accounts WHERE email = ?)',
      ).run(email);
      db.close();
    },
    async stop() {
      await server.stop('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function distributedServer(env: Record<string, string>): Promise<MailServer> {
  const cluster = await startCluster(env, 1);
  return {
    url: cluster.replicas[0]!.url,
    cliEnv: cluster.env,
    async expireLinks(email) {
      await cluster.db.query(
        "UPDATE email_tokens SET expires_at = now() - interval '1 second' " +
          'WHERE account_id = (SELECT id FROM accounts WHERE email = $1)',
        [email],
      );
    },
    stop: () => cluster.close(),
  };
}

const signUp = (browser: Browser, email: string, password = PASSWORD) =>
  browser.submit('/dashboard/signup', '/dashboard/signup', { email, password });
const signIn = (browser: Browser, email: string, password = PASSWORD) =>
  browser.submit('/dashboard/login', '/dashboard/login', { email, password });

/** A sign-in from `client`, as the trusted proxy (127.0.0.1) forwards it. */
async function attempt(browser: Browser, client: string, form: { email: string; password: string }) {
  const headers = { 'x-forwarded-for': client };
  const page = await browser.request('/dashboard/login', { headers });
  return browser.request('/dashboard/login', { form: { csrf: csrfOf(page.text), ...form }, headers });
}

/** Sets the password of `email`'s account to `password` through the mailed reset link. */
async function resetByMail(url: string, mails: MailCatcher, form: { email: string; password: string }) {
  const { email, password } = form;
  const stranger = new Browser(url);
  assert.equal((await stranger.submit('/dashboard/forgot', '/dashboard/forgot', { email })).status, 200);
  const link = linkIn(await mails.next(email), '/dashboard/reset');
  const token = new URL(link.pathAndQuery, url).searchParams.get('token')!;
  const reset = await stranger.submit(link.pathAndQuery, '/dashboard/reset', { token, password });
  assert.equal(reset.status, 303, reset.text);
}

/** The sign-up of `email` in verify mode, its link followed: a verified account. */
async function verifiedAccount(url: string, mails: MailCatcher, email: string): Promise<void> {
  assert.equal((await signUp(new Browser(url), email)).status, 200);
  const link = linkIn(await mails.next(email), '/dashboard/verify');
  assert.equal((await new Browser(url).request(link.pathAndQuery)).status, 200);
}

function verifyModeSuite(name: string, start: (env: Record<string, string>) => Promise<MailServer>, skip = false) {
  describe(`SIGNUP=verify (the default with SMTP_URL), ${name}`, { skip }, () => {
    let mails: MailCatcher;
    let server: MailServer;
    let url: string;
    before(async () => {
      mails = await startMailCatcher();
      // The tests' requests come through 127.0.0.1, a trusted proxy: X-Forwarded-For names their client.
      server = await start({ SMTP_URL: mails.url, MAIL_FROM, PUBLIC_URL, TRUST_PROXY: '127.0.0.1' });
      url = server.url;
    });
    after(async () => {
      await server?.stop();
      await mails?.close();
    });

    it('answers a sign-up with the same page whether the address is new or taken; the mails differ', async () => {
      const email = 'first@example.com';
      const fresh = await signUp(new Browser(url), email);
      const taken = await signUp(new Browser(url), 'First@Example.com', NEW_PASSWORD);
      assert.equal(fresh.status, 200, fresh.text);
      assert.equal(taken.status, 200, taken.text);
      assert.equal(taken.text.replace('First@Example.com', email), fresh.text);
      assert.ok(fresh.text.includes('<h1>Check your email</h1>'));
      assert.ok(!fresh.headers.getSetCookie().some((c) => c.startsWith('session=')), 'not signed in');
      const received = [await mails.next(email), await mails.next(email)];
      const verification = received.find((m) => m.subject === 'Verify your email address')!;
      const attempt = received.find((m) => m.subject === 'Sign-up attempt with your email address')!;
      assert.ok(verification && attempt, received.map((m) => m.subject).join(', '));
      assert.match(verification.from, /<dashboard@example\.com>$/);
      assert.equal(linkIn(verification, '/dashboard/verify').origin, PUBLIC_URL, 'links lead to PUBLIC_URL');
      assert.doesNotMatch(attempt.text, /token=/);
      assert.ok(attempt.text.includes(`${PUBLIC_URL}/dashboard/forgot`));
      assert.equal(mails.waiting(email), 0);
    });

    it('creates no key before the address is verified; a verification link works once', async () => {
      const email = 'unverified@example.com';
      assert.equal((await signUp(new Browser(url), email)).status, 200);
      const first = linkIn(await mails.next(email), '/dashboard/verify');
      const browser = new Browser(url);
      assert.equal((await signIn(browser, email)).status, 303);
      const keys = await browser.request('/dashboard/keys');
      assert.equal(keys.status, 200);
      assert.ok(keys.text.includes('Verify your email address to create keys'));
      assert.ok(!keys.text.includes('Create key'));
      assert.equal((await browser.submit('/dashboard/keys', '/dashboard/keys', { name: 'early' })).status, 403);

      const resent = await browser.submit('/dashboard/keys', '/dashboard/verify/resend');
      assert.equal(resent.status, 200);
      const second = linkIn(await mails.next(email), '/dashboard/verify');
      assert.notEqual(second.pathAndQuery, first.pathAndQuery);
      const verified = await browser.request(second.pathAndQuery);
      assert.equal(verified.status, 200);
      assert.ok(verified.text.includes('Your email address is verified'));
      assert.equal((await browser.request(second.pathAndQuery)).status, 400, 'a link works once');
      assert.equal((await browser.request(first.pathAndQuery)).status, 400, 'the earlier link is void');
      assert.equal((await browser.request('/dashboard/verify?token=nonsense')).status, 400);
      await browser.createKey('after verification');
      const again = await browser.submit('/dashboard/keys', '/dashboard/verify/resend');
      assert.equal(again.status, 303, 'nothing to resend once verified');
    });

    it('mails a single-use reset link that expires; a reset ends every session of the account', async () => {
      const email = 'forgetful@example.com';
      await verifiedAccount(url, mails, email);
      const [here, there, stranger] = [new Browser(url), new Browser(url), new Browser(url)];
      assert.equal((await signIn(here, email)).status, 303);
      assert.equal((await signIn(there, email)).status, 303);
      assert.ok((await stranger.request('/dashboard/login')).text.includes('href="/dashboard/forgot"'));

      const forgot = (address: string) => stranger.submit('/dashboard/forgot', '/dashboard/forgot', { email: address });
      const unknown = await forgot('nobody@example.com');
      const known = await forgot(email);
      assert.equal(unknown.status, 200);
      assert.equal(known.status, 200);
      assert.equal(unknown.text.replace('nobody@example.com', email), known.text);
      const mail = await mails.next(email);
      assert.equal(mail.subject, 'Set a new password');
      const link = linkIn(mail, '/dashboard/reset');
      const token = new URL(link.pathAndQuery, url).searchParams.get('token')!;

      const form = await stranger.request(link.pathAndQuery);
      assert.equal(form.status, 200);
      assert.ok(form.text.includes('New password') && form.text.includes('Set password'));
      const weak = await stranger.submit(link.pathAndQuery, '/dashboard/reset', { token, password: 'short' });
      assert.equal(weak.status, 422);
      const reset = await stranger.submit(link.pathAndQuery, '/dashboard/reset', { token, password: NEW_PASSWORD });
      assert.equal(reset.status, 303, reset.text);
      assert.equal(reset.headers.get('location'), '/dashboard/login');
      for (const browser of [here, there]) {
        assert.equal((await browser.request('/dashboard/keys')).headers.get('location'), '/dashboard/login');
      }
      assert.equal((await signIn(new Browser(url), email)).status, 401, 'the old password no longer works');
      assert.equal((await signIn(new Browser(url), email, NEW_PASSWORD)).status, 303);
      assert.equal((await stranger.request(link.pathAndQuery)).status, 400, 'a link works once');
      const replay = await stranger.submit('/dashboard/forgot', '/dashboard/reset', { token, password: PASSWORD });
      assert.equal(replay.status, 400);
      assert.equal(mails.waiting('nobody@example.com'), 0, 'no mail to an address without an account');

      assert.equal((await forgot(email)).status, 200);
      const late = linkIn(await mails.next(email), '/dashboard/reset');
      await server.expireLinks(email);
      assert.equal((await stranger.request(late.pathAndQuery)).status, 400, 'an expired link');
      const lateToken = new URL(late.pathAndQuery, url).searchParams.get('token')!;
      const expired = await stranger.submit('/dashboard/forgot', '/dashboard/reset', {
        token: lateToken,
        password: PASSWORD,
      });
      assert.equal(expired.status, 400);
    });

    it('voids at a reset every device cookie issued before it: failures elsewhere lock that browser out', async () => {
      const email = 'device@example.com';
      await verifiedAccount(url, mails, email);
      const before = new Browser(url);
      assert.equal((await attempt(before, '198.51.100.7', { email, password: PASSWORD })).status, 303);
      assert.ok(before.cookies.get('device'), 'a device cookie');
      await resetByMail(url, mails, { email, password: NEW_PASSWORD });
      const since = new Browser(url);
      assert.equal((await attempt(since, '198.51.100.8', { email, password: NEW_PASSWORD })).status, 303);
      for (let i = 0; i < 12; i++) {
        const r = await attempt(new Browser(url), `203.0.113.${i}`, { email, password: `wrong guess ${i}` });
        assert.ok(r.status === 401 || r.status === 429, `attempt ${i}: ${r.status}`);
      }
      const old = await attempt(before, '198.51.100.7', { email, password: NEW_PASSWORD });
      assert.equal(old.status, 429, 'a device cookie from before the reset counts for nothing');
      const fresh = await attempt(since, '198.51.100.8', { email, password: NEW_PASSWORD });
      assert.equal(fresh.status, 303, 'one issued since the reset still lets its browser in');
    });

    it('mails one address at most 5 times an hour, whatever asks', async () => {
      const email = 'popular@example.com';
      await verifiedAccount(url, mails, email);
      const stranger = new Browser(url);
      for (let i = 0; i < 5; i++) {
        const r = await stranger.submit('/dashboard/forgot', '/dashboard/forgot', { email });
        assert.equal(r.status, 200);
      }
      for (let i = 0; i < 4; i++) assert.equal((await mails.next(email)).subject, 'Set a new password');
      await new Promise((r) => setTimeout(r, 1000));
      assert.equal(mails.waiting(email), 0, 'the verification mail and 4 reset links, then none');
    });

    it('refuses the forms without their CSRF token (403)', async () => {
      const browser = new Browser(url);
      const forgot = await browser.request('/dashboard/forgot', { form: { email: 'first@example.com' } });
      assert.equal(forgot.status, 403);
      const reset = await browser.request('/dashboard/reset', { form: { token: 'A'.repeat(43), password: PASSWORD } });
      assert.equal(reset.status, 403);
    });
  });
}

verifyModeSuite('embedded backend', embeddedServer);
const unavailable = await servicesUnavailable();
if (unavailable && process.env.REQUIRE_SERVICES === '1')
  throw new Error(`the distributed mail tests need Redis and PostgreSQL: ${unavailable}`);
verifyModeSuite('distributed backend', distributedServer, Boolean(unavailable));

/** Starts the server with `env` on an empty DATA_DIR: it must exit 1 with one line on stderr, matching `message`. */
async function refusedStart(env: Record<string, string>, message: RegExp): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-mail-'));
  try {
    const r = await runMainToExit({ DATA_DIR: dataDir, ...env });
    assert.equal(r.code, 1, r.out + r.err);
    const lines = r.err.trim().split('\n');
    assert.equal(lines.length, 1, r.err);
    assert.match(JSON.parse(lines[0]!).msg as string, message);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

describe('SIGNUP=closed and SIGNUP=open (embedded backend, no SMTP_URL)', () => {
  it('closed: no sign-up form, a sign-up refused (403); accounts from `npm run accounts` create keys', async () => {
    const server = await embeddedServer({ SIGNUP: 'closed' });
    try {
      const browser = new Browser(server.url);
      const page = await browser.request('/dashboard/signup');
      assert.equal(page.status, 200);
      assert.ok(page.text.includes('Sign-up is closed') && !page.text.includes('name="password"'));
      const refused = await browser.request('/dashboard/signup', {
        form: { email: 'x@example.com', password: PASSWORD },
      });
      assert.equal(refused.status, 403);
      assert.ok(refused.text.includes('Sign-up is closed'));
      assert.ok(!(await browser.request('/dashboard/login')).text.includes('/dashboard/forgot'), 'no mail, no reset');
      assert.equal((await browser.request('/dashboard/forgot')).status, 404);

      const cli = await accountsCli(['create-user', '--email', 'member@example.com'], server.cliEnv, `${PASSWORD}\n`);
      assert.equal(cli.code, 0, cli.stderr);
      assert.match(cli.stdout, /^created user acct_[0-9a-f]{16} \(member@example\.com\)/);
      assert.equal((await signIn(browser, 'member@example.com')).status, 303);
      await browser.createKey('from the command line');
    } finally {
      await server.stop();
    }
  });

  it('open (the default): a new address is signed in at once; a taken one gets 422, enabled or not', async () => {
    const server = await embeddedServer({});
    try {
      const browser = new Browser(server.url);
      const r = await signUp(browser, 'open@example.com');
      assert.equal(r.status, 303);
      assert.equal(r.headers.get('location'), '/dashboard/keys');
      await browser.createKey('at once');
      const message = 'This email cannot be used for a new account. If the account is yours, sign in instead.';
      const taken = await signUp(new Browser(server.url), 'open@example.com');
      assert.equal(taken.status, 422);
      assert.ok(taken.text.includes(message));
      const db = openSqlite(stateDatabaseFile(server.cliEnv.DATA_DIR!));
      db.prepare("UPDATE accounts SET disabled_at = '2020-01-01T00:00:00.000Z' WHERE email = ?").run(
        'open@example.com',
      );
      db.close();
      const disabled = await signUp(new Browser(server.url), 'open@example.com');
      assert.equal(disabled.status, 422);
      assert.ok(disabled.text.includes(message));
    } finally {
      await server.stop();
    }
  });

  it('refuses to start with SIGNUP=verify and no SMTP_URL, in one line', async () => {
    await refusedStart({ SIGNUP: 'verify' }, /^SIGNUP=verify needs SMTP_URL/);
  });

  it('refuses to start with SMTP_URL and no PUBLIC_URL, in one line naming the fix', async () => {
    // Mail links would otherwise be built from the Host a request names.
    const mails = await startMailCatcher();
    try {
      await refusedStart(
        { SMTP_URL: mails.url, MAIL_FROM },
        /^PUBLIC_URL is required with SMTP_URL: set it to the service's public address/,
      );
    } finally {
      await mails.close();
    }
  });
});
