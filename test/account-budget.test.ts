import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startCluster, type Cluster } from './helpers/cluster.js';
import { Browser, csrfOf } from './helpers/dashboard-client.js';
import {
  keysCli,
  sampleDataDir,
  servicesUnavailable,
  startServerProcess,
  type ServerProcess,
} from './helpers/processes.js';

/*
 * An account's monthly credits are shared by all its keys, revoked ones included:
 * revoking a key and creating another never adds credits. Every call below costs the
 * credit of `/v1/countries`; the account's quota is 3 of them.
 */
const QUOTA = 3;
const unavailable = await servicesUnavailable();

/** Waits until `key` is known to the server (a dashboard key reaches the key store at its next poll). */
async function call(url: string, key: string): Promise<Response> {
  let r = await fetch(`${url}/v1/countries`, { headers: { authorization: `Bearer ${key}` } });
  for (let i = 0; i < 40 && r.status === 401; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    r = await fetch(`${url}/v1/countries`, { headers: { authorization: `Bearer ${key}` } });
  }
  return r;
}

async function revoke(browser: Browser, name: string): Promise<void> {
  const id = await browser.keyIdOf(name);
  const confirm = await browser.request(`/dashboard/keys/${id}/revoke`);
  const r = await browser.request(`/dashboard/keys/${id}/revoke`, { form: { csrf: csrfOf(confirm.text) } });
  assert.equal(r.status, 303);
}

/** The budget's story on servers `urls` (one, or two replicas taking turns). */
async function budgetHolds(urls: string[], dashboard: string, operatorEnv: Record<string, string>): Promise<void> {
  const browser = new Browser(dashboard);
  await browser.signUp('budget@example.com');
  const first = (await browser.createKey('first')).key;
  const second = (await browser.createKey('second')).key;
  const statuses: number[] = [];
  const remaining: Array<string | null> = [];
  // Two keys, on every replica in turn: one budget.
  for (const [i, key] of [first, second, first, second].entries()) {
    const r = await call(urls[i % urls.length]!, key);
    statuses.push(r.status);
    remaining.push(r.headers.get('x-credits-remaining'));
  }
  assert.deepEqual(statuses, [200, 200, 200, 403]);
  assert.deepEqual(remaining, ['2', '1', '0', '0']);
  // Revoking both and creating a new key: still nothing left.
  await revoke(browser, 'first');
  await revoke(browser, 'second');
  const third = (await browser.createKey('third')).key;
  const refused = await call(urls[urls.length - 1]!, third);
  assert.equal(refused.status, 403);
  assert.equal((await refused.json()).error, 'quota_exceeded');
  assert.equal(refused.headers.get('x-credits-remaining'), '0');
  const usage = (await browser.request('/dashboard/usage')).text;
  assert.ok(usage.includes(`<dd id="credits-used">${QUOTA}</dd>`), 'the usage page shows the account used 3');
  assert.ok(usage.includes('<dd id="credits-remaining">0</dd>'), 'and that nothing remains');
  // A key of the `keys` CLI keeps a quota of its own.
  const listing = JSON.parse(await keysCli(['list', '--json'], operatorEnv)) as Array<{
    name: string;
    budget: string;
    remaining: number | null;
  }>;
  const listed = listing.find((k) => k.name === 'third')!;
  assert.match(listed.budget, /^acct_/);
  assert.equal(listed.remaining, 0);
}

describe('the credit budget of an account (embedded backend)', () => {
  let dataDir: string;
  let server: ServerProcess;
  before(async () => {
    dataDir = await sampleDataDir();
    server = await startServerProcess({ DATA_DIR: dataDir, DEFAULT_QUOTA_CREDITS: String(QUOTA) });
  });
  after(async () => {
    await server.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is shared by all its keys, and revoking and creating keys adds nothing', async () => {
    await budgetHolds([server.url], server.url, { DATA_DIR: dataDir });
  });

  it('survives a restart', async () => {
    await server.stop('SIGKILL');
    server = await startServerProcess({ DATA_DIR: dataDir, DEFAULT_QUOTA_CREDITS: String(QUOTA) });
    const browser = new Browser(server.url);
    await browser.signIn('budget@example.com');
    const { key } = await browser.createKey('after restart');
    assert.equal((await call(server.url, key)).status, 403);
  });
});

describe('the credit budget of an account (PostgreSQL and Redis, two replicas)', { skip: unavailable }, () => {
  let cluster: Cluster;
  before(async () => {
    cluster = await startCluster({ DEFAULT_QUOTA_CREDITS: String(QUOTA) });
  });
  after(async () => {
    await cluster?.close();
  });

  it('is shared by all its keys across replicas, and revoking and creating keys adds nothing', async () => {
    const urls = cluster.replicas.map((r) => r.url);
    await budgetHolds(urls, urls[0]!, cluster.env);
  });

  it('is rebuilt from the ledger when Redis loses its counters', async () => {
    const browser = new Browser(cluster.replicas[1]!.url);
    await browser.signIn('budget@example.com');
    const { key } = await browser.createKey('after restart');
    // Redis keeps nothing on disk: a restart loses every counter.
    await cluster.redis.stop();
    await cluster.redis.start();
    let status = 0;
    // Until the replica has reconnected, the answer is 503.
    for (let i = 0; i < 50 && status !== 403; i++) {
      status = (await call(cluster.replicas[1]!.url, key)).status;
      if (status === 503) await new Promise((resolve) => setTimeout(resolve, 100));
      else break;
    }
    assert.equal(status, 403);
  });
});
