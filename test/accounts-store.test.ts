import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openSqlite } from '../src/access/sqlite/driver.js';
import { Redis } from 'ioredis';
import { OPERATOR_ACCOUNT_ID, type AccountStore } from '../src/access/accounts/store.js';
import { sessionHash, newSessionToken } from '../src/access/accounts/tokens.js';
import { DistributedCreditLedger } from '../src/access/credits/distributed.js';
import type { CreditLedger } from '../src/access/credits/index.js';
import { SqliteCreditLedger } from '../src/access/credits/sqlite.js';
import { creditPeriod, hashKey } from '../src/access/keys.js';
import { openStateDatabase, stateDatabaseFile, stateDir } from '../src/access/sqlite/database.js';
import { PgAccountStore } from '../src/access/stores/accounts-postgres.js';
import { SqliteAccountStore } from '../src/access/stores/accounts-sqlite.js';
import { createPool, migrate } from '../src/access/stores/postgres.js';
import { ROOT } from './helpers/paths.js';
import { createDatabase, createKey, servicesUnavailable } from './helpers/processes.js';

/** One backend under test: its account store, its ledger, and the environment the `keys` CLI needs to reach it. */
interface Backend {
  store: AccountStore;
  ledger: CreditLedger;
  cliEnv: Record<string, string>;
  close(): Promise<void>;
}

async function sqliteBackend(): Promise<Backend> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-accounts-'));
  const db = openStateDatabase(dataDir);
  const store = new SqliteAccountStore(db);
  return {
    store,
    ledger: new SqliteCreditLedger(db),
    cliEnv: { DATA_DIR: dataDir },
    async close() {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresBackend(): Promise<Backend> {
  const database = await createDatabase();
  const pool = createPool(database.url);
  await migrate(pool);
  // Calls of keys without a quota are recorded in PostgreSQL alone: the ledger never reaches Redis here.
  const redis = new Redis({ lazyConnect: true });
  return {
    store: new PgAccountStore(pool),
    ledger: new DistributedCreditLedger(redis, pool),
    cliEnv: { DATABASE_URL: database.url },
    async close() {
      await pool.end();
      redis.disconnect();
      await database.drop();
    },
  };
}

const PASSWORD_HASH = 'scrypt$not-a-real-hash';
const today = () => new Date().toISOString().slice(0, 10);

function accountStoreCases(open: () => Promise<Backend>): void {
  let backend: Backend;
  let store: AccountStore;
  before(async () => {
    backend = await open();
    store = backend.store;
  });
  after(() => backend.close());

  it('creates an account once per email, whatever its case', async () => {
    const created = await store.createAccount('  Ada@Example.ORG ', PASSWORD_HASH, { role: 'user' });
    assert.ok(created);
    assert.match(created.id, /^acct_[0-9a-f]+$/);
    assert.equal(created.email, 'ada@example.org');
    assert.equal(created.role, 'user');
    assert.equal(await store.createAccount('ADA@example.org', PASSWORD_HASH, { role: 'admin' }), null);
    const found = await store.findAccountByEmail('ada@EXAMPLE.org');
    assert.equal(found?.id, created.id);
    assert.equal(found?.passwordHash, PASSWORD_HASH);
    assert.deepEqual(await store.accountById(created.id), created);
    assert.equal(await store.accountById('acct_missing'), null);
    assert.equal(await store.findAccountByEmail('nobody@example.org'), null);
  });

  it('creates an account with limits of its own (open sign-up), which its keys get', async () => {
    const limits = { quota: 5, rate: null };
    const open = (await store.createAccount('open@example.org', PASSWORD_HASH, { role: 'user', limits }))!;
    assert.deepEqual(await store.accountLimits(open.id), limits);
    const defaults = { quota: 10_000, rate: { requests: 60, windowS: 60 } };
    const { record } = await store.createKey(open.id, { name: 'open', defaults });
    assert.equal(record.quota, 5);
    assert.equal(record.rate, null, 'the service rate, not the defaults given');
    const plain = (await store.createAccount('plain@example.org', PASSWORD_HASH, { role: 'user' }))!;
    assert.equal(await store.accountLimits(plain.id), null, 'without limits: the service defaults');
    assert.equal((await store.createKey(plain.id, { name: 'plain', defaults })).record.quota, 10_000);
  });

  it('has an operator account nobody can sign in as', async () => {
    const operator = await store.accountById(OPERATOR_ACCOUNT_ID);
    assert.equal(operator?.role, 'operator');
    assert.equal(operator?.email, null);
    const listed = (await store.listAccounts(creditPeriod())).find((a) => a.id === OPERATOR_ACCOUNT_ID);
    assert.ok(listed);
  });

  it('ends sessions when they expire, are deleted, or their account is disabled', async () => {
    const account = (await store.createAccount('sessions@example.org', PASSWORD_HASH, { role: 'user' }))!;
    const now = new Date();
    const live = sessionHash(newSessionToken());
    const short = sessionHash(newSessionToken());
    await store.createSession(live, account.id, new Date(now.getTime() + 3_600_000));
    await store.createSession(short, account.id, new Date(now.getTime() + 1000));
    assert.equal((await store.sessionAccount(live, now))?.id, account.id);
    assert.equal((await store.sessionAccount(short, now))?.id, account.id);
    assert.equal(await store.sessionAccount(short, new Date(now.getTime() + 2000)), null);
    assert.equal(await store.sessionAccount(sessionHash('unknown'), now), null);

    assert.equal(await store.setAccountDisabled(account.id, true), true);
    assert.equal(await store.sessionAccount(live, now), null);
    assert.ok((await store.accountById(account.id))?.disabledAt);
    await store.setAccountDisabled(account.id, false);
    assert.equal((await store.sessionAccount(live, now))?.id, account.id);

    await store.deleteSession(live);
    assert.equal(await store.sessionAccount(live, now), null);
    const other = sessionHash(newSessionToken());
    await store.createSession(other, account.id, new Date(now.getTime() + 3_600_000));
    await store.deleteSessionsOf(account.id);
    assert.equal(await store.sessionAccount(other, now), null);

    const expiring = sessionHash(newSessionToken());
    await store.createSession(expiring, account.id, new Date(now.getTime() + 1000));
    await store.createSession(other, account.id, new Date(now.getTime() + 3_600_000));
    assert.equal(await store.deleteExpiredSessions(new Date(now.getTime() + 2000)), 1);
    assert.equal((await store.sessionAccount(other, now))?.id, account.id, 'a live session stays');
  });

  it('scopes keys to their account: one cannot list or revoke another one’s', async () => {
    const alice = (await store.createAccount('alice@example.org', PASSWORD_HASH, { role: 'user' }))!;
    const bob = (await store.createAccount('bob@example.org', PASSWORD_HASH, { role: 'user' }))!;
    const { key, record } = await store.createKey(alice.id, {
      name: 'alice-key',
      defaults: { quota: 10_000, rate: null },
    });
    assert.match(key, /^etk_[A-Za-z0-9_-]{43}$/);
    assert.equal(record.prefix, key.slice(0, 8));
    assert.equal(record.status, 'active');
    assert.equal(record.quota, 10_000);

    assert.deepEqual(await store.listKeys(bob.id, creditPeriod()), []);
    assert.equal(await store.revokeKey(bob.id, record.id), false);
    const [listed] = await store.listKeys(alice.id, creditPeriod());
    assert.equal(listed?.status, 'active');
    assert.equal(JSON.stringify(listed).includes(key), false, 'a listing never holds the key');
    assert.equal(JSON.stringify(listed).includes(hashKey(key)), false, 'nor its hash');

    assert.equal(await store.revokeKey(alice.id, record.id), true);
    const [revoked] = await store.listKeys(alice.id, creditPeriod());
    assert.equal(revoked?.status, 'revoked');
    const counts = (await store.listAccounts(creditPeriod())).find((a) => a.id === alice.id)?.keys;
    assert.deepEqual(counts, { active: 0, revoked: 1 });
  });

  it("sets an account's limits on all its keys, and on the keys it creates later", async () => {
    const erin = (await store.createAccount('erin@example.org', PASSWORD_HASH, { role: 'user' }))!;
    const defaults = { quota: 1000, rate: null };
    const first = await store.createKey(erin.id, { name: 'first', defaults });
    assert.equal(first.record.quota, 1000);
    assert.equal(await store.accountLimits(erin.id), null, 'the service defaults until an admin sets limits');
    const limits = { quota: 500, rate: { requests: 10, windowS: 60 } };
    assert.equal(await store.setAccountLimits(erin.id, limits), true);
    assert.equal(await store.setAccountLimits('acct_missing', limits), false);
    assert.deepEqual(await store.accountLimits(erin.id), limits);
    await store.createKey(erin.id, { name: 'second', defaults });
    const keys = await store.listKeys(erin.id, creditPeriod());
    assert.deepEqual(
      keys.map((k) => [k.name, k.quota, k.rate]),
      [
        ['first', 500, limits.rate],
        ['second', 500, limits.rate],
      ],
    );
    const listed = (await store.listAccounts(creditPeriod())).find((a) => a.id === erin.id);
    assert.deepEqual(listed?.limits, limits);
    assert.deepEqual(listed?.usage, { credits: 0, calls: 0 });
    // No quota is a limit too: it is not the default.
    await store.setAccountLimits(erin.id, { quota: null, rate: null });
    assert.deepEqual(await store.accountLimits(erin.id), { quota: null, rate: null });
    assert.equal((await store.createKey(erin.id, { name: 'third', defaults })).record.quota, null);
  });

  it('gives the keys of the `keys` CLI to the operator account', async () => {
    const { id, key } = await createKey(['--name', 'from-cli'], backend.cliEnv);
    const listed = await store.listKeys(OPERATOR_ACCOUNT_ID, creditPeriod());
    const cliKey = listed.find((k) => k.id === id);
    assert.equal(cliKey?.prefix, key.slice(0, 8));
  });

  it('reports the paid calls the ledger recorded, per day and operation', async () => {
    const carol = (await store.createAccount('carol@example.org', PASSWORD_HASH, { role: 'user' }))!;
    const { record } = await store.createKey(carol.id, { name: 'metered', defaults: { quota: null, rate: null } });
    const key = { id: record.id, name: record.name, quota: null, rate: null };
    const call = (operation: string, credits: number) =>
      backend.ledger.commit(
        key,
        { requestId: randomUUID(), keyId: key.id, period: creditPeriod(), operation, credits },
        false,
      );
    await Promise.all([call('trade', 2), call('trade', 2), call('countries', 1)]);

    assert.deepEqual(await store.usageByDay(carol.id, today()), [
      { day: today(), operation: 'countries', calls: 1, credits: 1 },
      { day: today(), operation: 'trade', calls: 2, credits: 4 },
    ]);
    const account = (await store.listAccounts(creditPeriod())).find((a) => a.id === carol.id);
    assert.deepEqual(account?.usage, { credits: 5, calls: 3 });
    assert.deepEqual(await store.listAccounts(creditPeriod(), carol.id), [account], 'one account, asked by id');
    assert.deepEqual(await store.listAccounts(creditPeriod(), 'no-such-account'), []);
    const [listed] = await store.listKeys(carol.id, creditPeriod());
    assert.equal(listed?.lastUsedDay, today());
    assert.deepEqual(listed?.usage, { period: creditPeriod(), credits: 5, calls: 3 });
    const dave = (await store.createAccount('dave@example.org', PASSWORD_HASH, { role: 'user' }))!;
    assert.deepEqual(await store.usageByDay(dave.id, '2000-01-01'), []);
  });
}

describe('account store, embedded backend (SQLite)', () => accountStoreCases(sqliteBackend));

describe('accounts migration (SQLite)', () => {
  it('gives the keys that had no account to the operator account', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'econtrade-accounts-migration-'));
    try {
      mkdirSync(stateDir(dataDir));
      const before = openSqlite(stateDatabaseFile(dataDir));
      before.exec(readFileSync(path.join(ROOT, 'migrations/sqlite/001_keys_and_usage.sql'), 'utf8'));
      before.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
      before.prepare("INSERT INTO schema_migrations VALUES (1, '2026-01-01T00:00:00.000Z')").run();
      before
        .prepare("INSERT INTO api_keys (id, name, key_hash, created_at) VALUES ('key_old', 'old', 'h', '2026-01-01')")
        .run();
      before.close();
      const db = openStateDatabase(dataDir);
      assert.equal(
        db.prepare("SELECT account_id FROM api_keys WHERE id = 'key_old'").pluck().get(),
        OPERATOR_ACCOUNT_ID,
      );
      db.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

// In CI the services must be there: a missing one fails the suite instead of skipping it.
const unavailable = await servicesUnavailable();
if (unavailable && process.env.REQUIRE_SERVICES === '1')
  throw new Error(`the PostgreSQL account store tests need PostgreSQL: ${unavailable}`);

describe('account store, distributed backend (PostgreSQL)', { skip: unavailable || false }, () =>
  accountStoreCases(postgresBackend),
);
