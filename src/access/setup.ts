import { Redis } from 'ioredis';
import type { Settings } from '../settings.js';
import { DistributedCreditLedger } from './credits/distributed.js';
import { meteringHook, quotaCheck, type CreditLedger } from './credits/index.js';
import type { AccessCheck } from './index.js';
import { LayeredKeyStore, type KeyStore } from './keys.js';
import { rateLimitCheck } from './rate-limit/index.js';
import { distributedLimitsCheck } from './distributed-limits.js';
import { MemoryRateLimiter } from './rate-limit/memory.js';
import { RedisRateLimiter } from './rate-limit/redis.js';
import { SqliteCreditLedger } from './credits/sqlite.js';
import { openStateDatabase } from './sqlite/database.js';
import { SqliteKeyStore } from './stores/sqlite.js';
import { PgKeyStore, createPool, migrate } from './stores/postgres.js';
import type { AccountStore } from './accounts/store.js';
import type { RateLimiter } from './rate-limit/index.js';
import { SqliteAccountStore } from './stores/accounts-sqlite.js';
import { PgAccountStore } from './stores/accounts-postgres.js';
import { pgServerSecret, sqliteServerSecret } from './stores/server-secrets.js';

/** What the dashboard needs of the access backends. */
export interface DashboardBackend {
  accounts: AccountStore;
  /** The limiter of sign-in attempts (see accounts/sign-in-throttle.ts). */
  signInLimiter: RateLimiter;
  /** The HMAC key of CSRF tokens, kept in the state store (read once, then remembered). */
  csrfSecret: () => Promise<Buffer>;
}

export interface Access {
  mode: 'embedded' | 'distributed';
  keyStore: KeyStore;
  checks: AccessCheck[];
  onSend: ReturnType<typeof meteringHook>;
  /** Checks that the shared stores answer, by name (none in the embedded mode). */
  probes: Record<string, () => Promise<unknown>>;
  dashboard: DashboardBackend;
  close(): Promise<void>;
}

/** Remembers a successful answer of `read`; a failed one is tried again at the next call. */
function remembered<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= read();
    value.catch(() => (value = undefined));
    return value;
  };
}

/** What each mode builds; `createAccess` adds the layered key store and the metering hook. */
interface Backends extends Omit<Access, 'keyStore' | 'onSend'> {
  keys: KeyStore;
  ledger: CreditLedger;
}

type RateDefaults = { defaultRequests: number; defaultWindowS: number };

/**
 * The access backends: embedded (state in a SQLite database in DATA_DIR, one process) or distributed
 * (REDIS_URL and DATABASE_URL: rate limits and live credits in Redis, keys and the
 * usage ledger in PostgreSQL, any number of replicas).
 */
export async function createAccess(settings: Settings, log: (msg: string) => void = () => undefined): Promise<Access> {
  const defaults = { defaultRequests: settings.rateLimitRequests, defaultWindowS: settings.rateLimitWindowS };
  const { keys, ledger, ...rest } =
    settings.redisUrl || settings.databaseUrl
      ? await distributedBackends(settings, defaults, log)
      : embeddedBackends(settings, defaults);
  return { ...rest, keyStore: new LayeredKeyStore(settings.bootstrapApiKey, keys), onSend: meteringHook(ledger) };
}

async function distributedBackends(
  settings: Settings,
  defaults: RateDefaults,
  log: (msg: string) => void,
): Promise<Backends> {
  if (!settings.redisUrl || !settings.databaseUrl)
    throw new Error('the distributed mode needs both REDIS_URL and DATABASE_URL');
  // Commands fail at once while Redis is unreachable (answered 503); the client reconnects by itself.
  const redis = new Redis(settings.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 1000,
    retryStrategy: (times) => Math.min(100 * times, 1000),
  });
  redis.on('error', () => undefined);
  const pool = createPool(settings.databaseUrl);
  const pgKeys = new PgKeyStore(pool);
  await startWhenReachable(async () => {
    const applied = await migrate(pool);
    if (applied.length) log(`applied database migrations ${applied.join(', ')}`);
    await pgKeys.start();
  }, log);
  const ledger = new DistributedCreditLedger(redis, pool);
  return {
    mode: 'distributed',
    keys: pgKeys,
    ledger,
    checks: [distributedLimitsCheck(ledger, defaults)],
    probes: { redis: () => redis.ping(), postgres: () => pool.query('SELECT 1') },
    // Sign-in attempts are counted in Redis, so that spreading guesses over replicas gains nothing.
    dashboard: {
      accounts: new PgAccountStore(pool),
      signInLimiter: new RedisRateLimiter(redis),
      csrfSecret: remembered(() => pgServerSecret(pool, 'dashboard')),
    },
    close: async () => {
      pgKeys.close();
      redis.disconnect();
      await pool.end();
    },
  };
}

function embeddedBackends(settings: Settings, defaults: RateDefaults): Backends {
  // One connection for keys and ledger: `data_version` then moves only on the CLI's writes.
  const db = openStateDatabase(settings.dataDir);
  const sqliteKeys = new SqliteKeyStore(db);
  const ledger = new SqliteCreditLedger(db);
  // The dashboard writes on its own connection, so that `data_version` moves and the
  // key store sees a key created or revoked there at its next poll.
  const dashboardDb = openStateDatabase(settings.dataDir);
  const secret = sqliteServerSecret(dashboardDb, 'dashboard');
  return {
    mode: 'embedded',
    keys: sqliteKeys,
    ledger,
    checks: [rateLimitCheck({ limiter: new MemoryRateLimiter(), ...defaults }), quotaCheck(ledger)],
    probes: {},
    dashboard: {
      accounts: new SqliteAccountStore(dashboardDb),
      signInLimiter: new MemoryRateLimiter(),
      csrfSecret: async () => secret,
    },
    close: async () => {
      sqliteKeys.close();
      db.close();
      dashboardDb.close();
    },
  };
}

/** Runs `start` now; if a dependency is down, keeps retrying in the background (requests get 503 meanwhile). */
async function startWhenReachable(start: () => Promise<void>, log: (msg: string) => void): Promise<void> {
  try {
    await start();
  } catch (err) {
    log(`PostgreSQL not reachable yet (${(err as Error).message}); retrying every second`);
    const retry = setInterval(() => {
      start().then(
        () => {
          clearInterval(retry);
          log('PostgreSQL reachable: keys loaded');
        },
        () => undefined,
      );
    }, 1000);
    retry.unref();
  }
}
