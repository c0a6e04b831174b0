import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { browserUnavailable, launchChromium, newContext, watchProblems } from './helpers/browser.js';
import { startCluster, type Cluster } from './helpers/cluster.js';
import {
  accountsCli,
  sampleDataDir,
  servicesUnavailable,
  startServerProcess,
  type ServerProcess,
} from './helpers/processes.js';
import { linkIn, startMailCatcher, type MailCatcher } from './helpers/smtp.js';

/*
 * The dashboard in headless Chromium, driven by the accessible names of CONTRACT §6,
 * against two replicas sharing Redis and PostgreSQL: what a user does in one replica's
 * pages holds on the other's API within a second. SCREENSHOT_DIR, when set, receives
 * a screenshot of each page.
 */

const noBrowser = browserUnavailable('the dashboard browser test');
const unavailable = await servicesUnavailable();
if (unavailable && process.env.REQUIRE_SERVICES === '1')
  throw new Error(`the dashboard browser test needs Redis and PostgreSQL: ${unavailable}`);

const PASSWORD = 'correct horse battery staple';
const ADMIN_PASSWORD = 'admin password of sixteen';
const DEFAULT_QUOTA = 500;

/** Fills the sign-up or sign-in form of `origin` and waits for the keys page it leads to. */
async function enter(page: Page, origin: string, as: { form: 'signup' | 'login'; email: string; password: string }) {
  const { form, email, password } = as;
  await page.goto(`${origin}/dashboard/${form}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: form === 'signup' ? 'Sign up' : 'Sign in' }).click();
  await page.waitForURL(`${origin}/dashboard/keys`);
}

/** Creates a key on the keys page and reads it from the element that shows it once. */
async function createKey(page: Page, name: string): Promise<string> {
  await page.getByLabel('Key name').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  return page.getByRole('textbox', { name: 'New API key' }).inputValue();
}

/** Polls `check` every 50 ms until it holds; the milliseconds it took. */
async function within(limitMs: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await check()) return Date.now() - start;
    if (Date.now() - start > limitMs) assert.fail(`${what}: not within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the dashboard in a browser, two replicas', { skip: noBrowser || unavailable || false }, () => {
  let cluster: Cluster | undefined;
  let env: Record<string, string>;
  let replicas: ServerProcess[] = [];
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problemsOfPages: string[][] = [];
  const problems = () => problemsOfPages.flat();
  const shots = process.env.SCREENSHOT_DIR;

  const apiCall = (replica: ServerProcess, key: string) =>
    fetch(`${replica.url}/v1/countries`, { headers: { authorization: `Bearer ${key}` } });
  const creditsRemaining = async (replica: ServerProcess, key: string) => {
    const r = await apiCall(replica, key);
    assert.equal(r.status, 200, await r.text());
    return Number(r.headers.get('x-credits-remaining'));
  };
  const newPage = async (): Promise<Page> => {
    const context = await newContext(browser);
    contexts.push(context);
    const page = await context.newPage();
    problemsOfPages.push(await watchProblems(page));
    return page;
  };
  const screenshot = async (page: Page, name: string) => {
    if (!shots) return;
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  };

  before(async () => {
    cluster = await startCluster({ DEFAULT_QUOTA_CREDITS: String(DEFAULT_QUOTA) });
    ({ env, replicas } = cluster);
    browser = await launchChromium();
  });
  after(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await cluster?.close();
  });

  it('creates an admin from the command line, the password read from standard input', async () => {
    const created = await accountsCli(['create-admin', '--email', 'Admin@Example.com'], env, `${ADMIN_PASSWORD}\n`);
    assert.equal(created.code, 0, created.stderr);
    assert.match(created.stdout, /^created admin acct_[0-9a-f]{16} \(admin@example\.com\)/);
    assert.match(created.stderr, /^accounts in PostgreSQL postgres:\/\//);
    assert.ok(!created.stdout.includes(ADMIN_PASSWORD) && !created.stderr.includes(ADMIN_PASSWORD));
    const again = await accountsCli(['create-admin', '--email', 'admin@example.com'], env, `${ADMIN_PASSWORD}\n`);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /an account with the email admin@example\.com exists already/);
    const short = await accountsCli(['create-admin', '--email', 'other@example.com'], env, 'short\n');
    assert.equal(short.code, 1);
    assert.match(short.stderr, /^accounts create-admin: a password needs at least 12 characters/);
    const unknown = await accountsCli(['make-admin'], env, '');
    assert.equal(unknown.code, 2);
    assert.equal(unknown.stderr, 'accounts: unknown command "make-admin" (see npm run accounts -- --help)\n');
  });

  it('sign up, key shown once, API call, usage, revoke: 401 on both replicas within a second', async () => {
    const [a, b] = replicas as [ServerProcess, ServerProcess];
    const page = await newPage();
    await enter(page, a.url, { form: 'signup', email: 'dev@example.com', password: PASSWORD });
    const key = await createKey(page, 'production server');
    assert.match(key, /^etk_[A-Za-z0-9_-]{43}$/);
    const warning = await page.getByRole('alert').textContent();
    assert.match(warning!, /displayed once/);
    assert.match(warning!, /server-side code/);
    await screenshot(page, 'keys');

    // Shown once: no page shows it again, on either replica.
    for (const url of [`${a.url}/dashboard/keys`, `${b.url}/dashboard/keys`, `${b.url}/dashboard/usage`]) {
      await page.goto(url);
      assert.equal(await page.getByRole('textbox', { name: 'New API key' }).count(), 0, url);
      assert.ok(!(await page.content()).includes(key.slice(8)), `${url} shows the key`);
    }

    // It works at once on the other replica, with the account's quota.
    const remaining = await creditsRemaining(b, key);
    const cost = DEFAULT_QUOTA - remaining;
    assert.ok(cost > 0, `X-Credits-Remaining ${remaining}`);

    // The usage page shows the call and its credits (the ledger is written in batches).
    await within(5000, 'the usage page shows the call', async () => {
      await page.goto(`${a.url}/dashboard/usage`);
      return (await page.locator('#credits-used').textContent()) === String(cost);
    });
    const daily = page.locator('#daily-usage tbody tr');
    assert.equal(await daily.count(), 1);
    assert.deepEqual((await daily.first().locator('td').allTextContents()).slice(1), [
      '/v1/countries',
      '1',
      String(cost),
    ]);
    const charted = await page.evaluate(() =>
      [...document.querySelectorAll('canvas[data-chart]')].map((c) => {
        const chart = (window as any).Chart.getChart(c);
        return chart
          ? chart.data.datasets.map((d: any) => [d.label, d.data.reduce((s: number, v: number) => s + v)])
          : null;
      }),
    );
    assert.deepEqual(charted, [[['/v1/countries', 1]], [['/v1/countries', cost]]], 'calls and credits charts');
    await screenshot(page, 'usage');

    // Revoke, confirmed on a page of its own.
    await page.goto(`${a.url}/dashboard/keys`);
    await page
      .getByRole('row', { name: /production server/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await page.waitForURL(`${a.url}/dashboard/keys`);
    const tookMs = await within(1000, 'both replicas refuse the revoked key', async () => {
      const statuses = await Promise.all(replicas.map(async (r) => (await apiCall(r, key)).status));
      return statuses.every((s) => s === 401);
    });
    assert.ok(tookMs <= 1000, `${tookMs} ms`);
    assert.match((await page.getByRole('row', { name: /production server/ }).textContent())!, /revoked/);
    assert.deepEqual(problems(), []);
  });

  it("an admin's quota reaches the key's X-Credits-Remaining; disabling stops its keys within a second", async () => {
    const [a, b] = replicas as [ServerProcess, ServerProcess];
    const user = await newPage();
    await enter(user, b.url, { form: 'login', email: 'dev@example.com', password: PASSWORD });
    const key = await createKey(user, 'batch jobs');
    const before = await creditsRemaining(a, key);
    const used = DEFAULT_QUOTA - before;

    const admin = await newPage();
    await enter(admin, a.url, { form: 'login', email: 'admin@example.com', password: ADMIN_PASSWORD });
    await admin.getByRole('link', { name: 'Admin' }).click();
    await admin.waitForURL(`${a.url}/dashboard/admin`);
    const row = admin.getByRole('row', { name: /dev@example\.com/ });
    assert.match((await row.textContent())!, /1 \/ 1/, 'one active and one revoked key');
    await screenshot(admin, 'admin');
    await row.getByRole('link', { name: 'dev@example.com' }).click();
    await admin.getByLabel('Monthly credits of the account (all its keys)').fill('50');
    await admin.getByRole('button', { name: 'Save limits' }).click();
    await admin.waitForURL(/\/dashboard\/admin\/accounts\/acct_/);
    await within(1500, "the new quota in the key's X-Credits-Remaining on both replicas", async () => {
      const left = await Promise.all(replicas.map((r) => creditsRemaining(r, key)));
      // Each check spends credits too: what remains is at most the new quota less what was used before.
      return left.every((n) => n <= 50 - used);
    });

    await admin.getByRole('button', { name: 'Disable account' }).click();
    await admin.waitForURL(/\/dashboard\/admin\/accounts\/acct_/);
    const tookMs = await within(1000, 'both replicas refuse the keys of the disabled account', async () => {
      const statuses = await Promise.all(replicas.map(async (r) => (await apiCall(r, key)).status));
      return statuses.every((s) => s === 401);
    });
    assert.ok(tookMs <= 1000);
    await user.goto(`${b.url}/dashboard/keys`);
    assert.equal(new URL(user.url()).pathname, '/dashboard/login', 'the disabled account is signed out');
    assert.deepEqual(problems(), []);
  });
});

describe(
  'verification and password reset by mail, in a browser (embedded backend)',
  { skip: noBrowser || false },
  () => {
    const email = 'mailed@example.com';
    const PUBLIC_URL = 'https://api.example.com';
    const [first, second] = ['tidal-mosaic-quartz-87', 'harbor-lantern-violet-42'];
    let mails: MailCatcher;
    let dataDir: string;
    let server: ServerProcess;
    let browser: Browser;

    before(async () => {
      mails = await startMailCatcher();
      dataDir = await sampleDataDir();
      server = await startServerProcess({
        ...{ DATA_DIR: dataDir, SMTP_URL: mails.url, MAIL_FROM: 'dashboard@example.com' },
        PUBLIC_URL,
      });
      browser = await launchChromium();
    });
    after(async () => {
      await browser?.close();
      await server?.stop('SIGKILL');
      await mails?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('signs up, verifies from the mail, creates a key, signs out, sets a new password from the mail', async () => {
      const context = await newContext(browser);
      const page = await context.newPage();
      const problems = await watchProblems(page);
      await page.goto(`${server.url}/dashboard/signup`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(first);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();

      // Links name PUBLIC_URL; the test opens them on the server, as the public address would lead there.
      const verify = linkIn(await mails.next(email), '/dashboard/verify');
      assert.equal(verify.origin, PUBLIC_URL);
      await page.goto(server.url + verify.pathAndQuery);
      await page.getByRole('heading', { name: 'Email address verified' }).waitFor();
      await enter(page, server.url, { form: 'login', email, password: first });
      assert.match(await createKey(page, 'verified by mail'), /^etk_/);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(`${server.url}/dashboard/login`);

      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByRole('heading', { name: 'Check your email' }).waitFor();
      const reset = linkIn(await mails.next(email), '/dashboard/reset');
      assert.equal(reset.origin, PUBLIC_URL);
      await page.goto(server.url + reset.pathAndQuery);
      await page.getByLabel('New password').fill(second);
      await page.getByRole('button', { name: 'Set password' }).click();
      await page.waitForURL(`${server.url}/dashboard/login`);
      await enter(page, server.url, { form: 'login', email, password: second });
      assert.deepEqual(problems, []);
      await context.close();
    });
  },
);
